/**
 * Demo or live (docs/operations.md, "Demo and live mode"): `demo` sells the built-in network (generated
 * schedules, our own ticket numbers) on the sandbox and says so everywhere; `live` sells only real flights through
 * real payment providers. One rule for the API's configuration and the web half's banner, so both halves of a
 * split deployment (PARVOZ_ROLE) given the same variables agree.
 */
export const SITE_MODES = ['demo', 'live'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

/**
 * PARVOZ_MODE when set (the API's configuration refuses another value; here it counts as unset), else live when
 * the operator ran NODE_ENV=production. apps/host/src/server-env.ts keeps the operator's NODE_ENV in
 * PARVOZ_OPERATOR_NODE_ENV before it sets NODE_ENV=production for React's production build, so `npm start`,
 * development and the tests' sites stay demos.
 */
export function siteModeOf(env: Record<string, string | undefined>): SiteMode {
  const chosen = env.PARVOZ_MODE;
  if (chosen === 'demo' || chosen === 'live') return chosen;
  return (env.PARVOZ_OPERATOR_NODE_ENV ?? env.NODE_ENV) === 'production' ? 'live' : 'demo';
}
