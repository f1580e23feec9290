/** The email that tells someone an admin made them an operator of the console (issue 13 §5). */
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import { escapeHtml, layout, type EmailPayload } from './mail.ts';

export type StaffEmailKind = 'staff-invite';

export function staffInviteEmail(lang: Locale, input: { invitedBy: string; siteUrl: string }): EmailPayload {
  const intl = getIntl(lang);
  const subject = intl.formatMessage({ id: 'mail.staffInvite.subject' });
  const body = intl.formatMessage({ id: 'mail.staffInvite.body' }, { invitedBy: input.invitedBy });
  const action = intl.formatMessage({ id: 'mail.staffInvite.action' });
  const link = `${input.siteUrl}/${lang}/ops`;
  const footer = intl.formatMessage({ id: 'mail.footer' });
  return {
    lang,
    subject,
    text: `${body}\n\n${action}: ${link}\n\n${footer}\n`,
    html: layout(
      lang,
      subject,
      `<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    ),
  };
}
