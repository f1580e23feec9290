/** Every information page (agreement, privacy, contacts, help, offer, payment security): one module, its text by path. */
import type { Route } from './+types/page';
import { pageMeta } from '../../lib/meta.ts';
import { cachedPageHeaders } from '../../lib/page-cache.server.ts';
import { useT } from '../../lib/i18n.tsx';
import { LocalizedLink } from '../../components/LocalizedLink.tsx';
import { INFO_PAGES } from '../../features/info/content.ts';
import { InfoPage } from './page-view.tsx';
import { PaymentProvidersInUse } from './page-payment-providers.tsx';

export { loader } from './page.server.ts';

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, INFO_PAGES[args.loaderData.name].heading, undefined, {
        descriptionKey: INFO_PAGES[args.loaderData.name].description,
      })
    : [];

export const headers = cachedPageHeaders;

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage name={loaderData.name} content={loaderData.content}>
      {loaderData.name === 'contacts' ? <ContactLinks /> : null}
      {loaderData.name === 'paymentSecurity' ? (
        <PaymentProvidersInUse providers={loaderData.providers} />
      ) : null}
    </InfoPage>
  );
}

/** The contacts page also points to the other ways of getting help. */
function ContactLinks() {
  const t = useT();
  return (
    <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
      <li>
        <LocalizedLink to="/info/help" className="text-primary-700 underline">
          {t('page.help.heading')}
        </LocalizedLink>
      </li>
      <li>
        <LocalizedLink to="/info/my-ticket" className="text-primary-700 underline">
          {t('page.myTicket.heading')}
        </LocalizedLink>
      </li>
      <li>
        <LocalizedLink to="/agencies" className="text-primary-700 underline">
          {t('page.agencies.heading')}
        </LocalizedLink>
      </li>
    </ul>
  );
}
