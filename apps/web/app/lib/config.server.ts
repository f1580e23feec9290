import { siteModeOf, type SiteMode } from '@parvoz/contracts/site-mode';

/** Web-layer configuration, read once from the environment (validated fully at start by server.ts). */
export const webConfig = {
  get apiUrl(): string {
    return process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
  },
  get anonymousToken(): string {
    return process.env.PARVOZ_ANONYMOUS_TOKEN ?? 'parvoz-public-anonymous';
  },
  get secureCookies(): boolean {
    return (process.env.PUBLIC_URL ?? '').startsWith('https://');
  },
  /** Where the agency sells from (IATA city code): the English home page's flights start there. */
  get agencyHomeCity(): string {
    return process.env.AGENCY_HOME_CITY || 'TAS';
  },
  /** Demo or live, by the API's rule (PARVOZ_MODE, else the operator's NODE_ENV): a demo says so on every page. */
  get mode(): SiteMode {
    return siteModeOf(process.env);
  },
};
