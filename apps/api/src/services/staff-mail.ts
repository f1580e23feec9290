/** The email that invites someone to the operator console (issue 13 §5), in their language. */
import { getIntl } from '@parvoz/i18n/messages';
import type { Locale } from '@parvoz/i18n/locales';
import type { StaffRole } from '@parvoz/contracts/ops';
import { escapeHtml, layout, type EmailPayload } from './mail.ts';

export type StaffEmailKind = 'staff-invite';

/** `signInUrl` is the site's sign-in page that returns to the console. */
export function renderStaffInvite(
  lang: Locale,
  input: { role: StaffRole; invitedBy: string | null; signInUrl: string },
): EmailPayload {
  const intl = getIntl(lang);
  const roleName = intl.formatMessage({
    id: input.role === 'admin' ? 'ops.role.admin' : 'ops.role.operator',
  });
  const subject = intl.formatMessage({ id: 'ops.mail.invite.subject' });
  const intro = input.invitedBy
    ? intl.formatMessage({ id: 'ops.mail.invite.intro' }, { role: roleName, by: input.invitedBy })
    : intl.formatMessage({ id: 'ops.mail.invite.introCommand' }, { role: roleName });
  const how = intl.formatMessage({ id: 'ops.mail.invite.how' });
  const action = intl.formatMessage({ id: 'ops.mail.invite.action' });
  const footer = intl.formatMessage({ id: 'mail.footer' });
  return {
    lang,
    subject,
    text: `${intro}\n\n${how}\n\n${action}: ${input.signInUrl}\n\n${footer}\n`,
    html: layout(
      lang,
      subject,
      `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(input.signInUrl)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    ),
  };
}
