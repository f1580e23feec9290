import type { Route } from './+types/mailbox';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { MailboxIntro } from '../../features/mailbox/MailboxIntro.tsx';

export { loader } from './mailbox.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'mailbox.heading'),
  { name: 'robots', content: 'noindex' },
];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <MailboxIntro
        heading="mailbox.heading"
        lead="mailbox.lead"
        link="mailbox.previews.link"
        to="/dev/mailbox/previews"
      />
      {loaderData.mails.length === 0 ? <p>{t('mailbox.empty')}</p> : null}
      <ul className="grid gap-4">
        {loaderData.mails.map((mail) => (
          <li key={mail.id}>
            <article className="rounded border border-neutral-300 p-4" aria-labelledby={`mail-${mail.id}`}>
              <h2 id={`mail-${mail.id}`} className="font-semibold">
                {mail.subject}
              </h2>
              <p className="text-sm text-neutral-700">
                {t('mailbox.to', { to: mail.to })} · <time dateTime={mail.created_at}>{mail.created_at}</time>
              </p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{mail.text}</pre>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
