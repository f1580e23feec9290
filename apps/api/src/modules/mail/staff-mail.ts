/** The email that tells someone an admin made them an operator of the console (docs/after-sale.md §5); ADR 0019. */
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import type { EmailPayload } from './mail.ts';
import { ActionButton, LeadEmail, h, renderEmailParts } from './email-layout.ts';

export type StaffEmailKind = 'staff-invite';

export async function staffInviteEmail(
  lang: Locale,
  input: { invitedBy: string; siteUrl: string },
): Promise<EmailPayload> {
  const intl = getIntl(lang);
  const subject = intl.formatMessage({ id: 'mail.staffInvite.subject' });
  const body = intl.formatMessage({ id: 'mail.staffInvite.body' }, { invitedBy: input.invitedBy });
  const element = h(
    LeadEmail,
    { lang, title: subject, lead: body },
    h(
      ActionButton,
      { href: `${input.siteUrl}/${lang}/ops` },
      intl.formatMessage({ id: 'mail.staffInvite.action' }),
    ),
  );
  return { lang, subject, ...(await renderEmailParts(element)) };
}
