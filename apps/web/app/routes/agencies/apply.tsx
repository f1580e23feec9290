import type { Route } from './+types/apply';
import { PageHeading } from '../../components/PageHeading.tsx';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { useT } from '../../lib/i18n.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { cachedPageHeaders } from '../../lib/page-cache.server.ts';
import { AgencyForm } from './apply-form.tsx';
import { SentMessage } from '../../features/info/FormParts.tsx';

export { loader, action } from './apply.server.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'page.agencies.heading', undefined, { descriptionKey: 'page.agencies.description' });

export const headers = cachedPageHeaders;

/** The look of the page's sections. */
const SECTION = { className: 'mt-8', headingClassName: 'text-xl font-semibold' };

/** The agency programme: what it offers, how to join, and the application form. */
export default function Agencies({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lead, benefits, steps, countries, sent } = loaderData;
  return (
    <>
      <PageHeading>{t('page.agencies.heading')}</PageHeading>
      <p className="max-w-3xl text-lg leading-relaxed text-neutral-800">{lead}</p>
      <HeadedSection headingId="agency-benefits" heading={t('agencies.benefits')} {...SECTION}>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-lg border border-neutral-200 bg-white p-4">
              <h3 className="font-semibold">{benefit.title}</h3>
              <p className="mt-1 text-neutral-700">{benefit.body}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>
      <HeadedSection headingId="agency-steps" heading={t('agencies.steps')} {...SECTION}>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-neutral-700">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </HeadedSection>
      <HeadedSection
        headingId="agency-apply"
        heading={t('agencies.form.heading')}
        className={`${SECTION.className} max-w-3xl rounded-lg border border-neutral-200 bg-white p-4 sm:p-6`}
        headingClassName={`scroll-mt-4 ${SECTION.headingClassName}`}
      >
        {sent ? (
          <div className="mt-3">
            <SentMessage>{t('agencies.form.sent')}</SentMessage>
          </div>
        ) : (
          <>
            <p className="mb-4 mt-1 text-sm text-neutral-600">{t('agencies.form.lead')}</p>
            <AgencyForm countries={countries} result={actionData} />
          </>
        )}
      </HeadedSection>
    </>
  );
}
