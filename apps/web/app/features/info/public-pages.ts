/**
 * The public pages search engines should know, once per language (sitemap.xml), besides each tour's page.
 * Private or personal pages (profile, sign-in, orders, booking, settings, development) stay out, and
 * robots.txt asks crawlers to keep away from them.
 */
export const PUBLIC_PATHS = [
  '',
  '/anywhere',
  '/tours',
  '/agencies',
  '/info/agreement',
  '/info/confidential',
  '/info/payment-security',
  '/info/my-ticket',
  '/info/contacts',
  '/info/offer',
  '/info/help',
] as const;

/** Paths robots.txt disallows (`*` is the language prefix): personal pages and the API. */
export const DISALLOWED_PATHS = [
  '/v1/',
  '/*/profile',
  '/*/login',
  '/*/logout',
  '/*/settings',
  '/*/orders/',
  // Result pages (/flight/{search}) stay crawlable: a route page is what a traveller searches the web for.
  '/*/flight/booking',
  '/*/dev/',
] as const;
