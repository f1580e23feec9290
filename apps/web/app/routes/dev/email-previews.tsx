import { LOCALES } from '@parvoz/i18n/locales';
import type { Route } from './+types/email-previews';
import { useRootData, useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { MailboxIntro } from '../../features/mailbox/MailboxIntro.tsx';

export { loader } from './email-previews.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'mailbox.previews.heading'),
  { name: 'robots', content: 'noindex' },
];

export default function EmailPreviews({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { locale, languageNames } = useRootData();
  const href = (name: string, lang: string, part?: 'text') =>
    `/${locale}/dev/mailbox/previews/${name}/${lang}${part ? '?part=text' : ''}`;
  return (
    <>
      <MailboxIntro
        heading="mailbox.previews.heading"
        lead="mailbox.previews.lead"
        link="mailbox.previews.back"
        to="/dev/mailbox"
      />
      <div className="overflow-x-auto">
        <table className="text-sm" data-testid="email-previews">
          <thead>
            <tr>
              <th scope="col" className="p-2 text-start">
                {t('mailbox.previews.email')}
              </th>
              {LOCALES.map((lang) => (
                <th key={lang} scope="col" className="p-2 text-start" lang={lang}>
                  {languageNames[lang]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loaderData.samples.map(({ name }) => (
              <tr key={name} className="border-t border-neutral-200">
                <th scope="row" className="p-2 text-start font-mono font-normal">
                  {name}
                </th>
                {LOCALES.map((lang) => (
                  <td key={lang} className="p-2 whitespace-nowrap">
                    {/* Documents of their own (the email as sent), not pages of the app. */}
                    <a
                      href={href(name, lang)}
                      className="text-primary-700 underline"
                      aria-label={t('mailbox.previews.htmlLabel', { name, language: languageNames[lang] })}
                    >
                      {t('mailbox.previews.html')}
                    </a>{' '}
                    ·{' '}
                    <a
                      href={href(name, lang, 'text')}
                      className="text-primary-700 underline"
                      aria-label={t('mailbox.previews.textLabel', { name, language: languageNames[lang] })}
                    >
                      {t('mailbox.previews.text')}
                    </a>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
