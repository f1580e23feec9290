import { expect, test } from 'vitest';
import { ROUTE_ENTRY_QUERY, keysNamedIn, planPageMessages, type BundleChunk } from './page-messages-plan.ts';

const KEYS = new Set([
  'nav.home',
  'auth.code',
  'search.submit',
  'search.cabin.economy',
  'search.cabin.business',
  'priceAlert.title',
  'booking.submit',
  'booking.error.phone',
  'manage.error.code',
  'tours.board.AI',
  'tours.board.BB',
]);

test('a key is named by a literal or completed from a prefix; other strings are not keys', () => {
  expect(keysNamedIn(`t("search.submit");x('nav.home');y=\`booking.submit\``, KEYS)).toEqual(
    new Set(['search.submit', 'nav.home', 'booking.submit']),
  );
  // A template and its minified form, "prefix."+value, name every key of the prefix.
  expect(keysNamedIn('t(`tours.board.${b}`)', KEYS)).toEqual(new Set(['tours.board.AI', 'tours.board.BB']));
  expect(keysNamedIn('t("search.cabin."+c)', KEYS)).toEqual(
    new Set(['search.cabin.economy', 'search.cabin.business']),
  );
  expect(keysNamedIn('"search.unknown";"nav";"https://x.example/nav.home";"nav.home2"', KEYS)).toEqual(
    new Set(),
  );
});

const chunk = (fileName: string, code: string, more: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  code,
  imports: [],
  dynamicImports: [],
  facadeModuleId: null,
  ...more,
});
const APP = '/repo/apps/web/app/';
const route = (file: string) => `${APP}${file}${ROUTE_ENTRY_QUERY}`;

test("the shell carries what the entry and root name; a route its chunks' words beyond the shell", () => {
  const plan = planPageMessages({
    chunks: [
      chunk('assets/entry.client-1.js', 'import "./framework-1.js"', {
        imports: ['assets/framework-1.js'],
        facadeModuleId: `${APP}entry.client.tsx`,
      }),
      chunk('assets/framework-1.js', '"search.submit" in a library is still a key'),
      // Root lazily loads the sign-in form: its words are the shell's too.
      chunk('assets/root-1.js', 't("nav.home")', {
        dynamicImports: ['assets/login-1.js'],
        facadeModuleId: route('root.tsx'),
      }),
      chunk('assets/login-1.js', 't("auth.code")'),
      // The home page lazily loads the alert form, and names a word the shell has already.
      chunk('assets/home-1.js', 't("search.cabin."+c);t("nav.home")', {
        dynamicImports: ['assets/alert-1.js'],
        facadeModuleId: route('routes/site/home.tsx'),
      }),
      chunk('assets/alert-1.js', 't("priceAlert.title")'),
      // React Router's split-off clientAction of the booking route counts as the route's.
      chunk('assets/booking-1.js', 't("booking.submit")', {
        facadeModuleId: route('routes/flights/booking.tsx'),
      }),
      chunk('assets/booking-action-1.js', 't("tours.board."+b)', {
        facadeModuleId: `${APP}routes/flights/booking.tsx?route-chunk=clientAction`,
      }),
      chunk('assets/places-1.js', 'fetch()', { facadeModuleId: route('routes/flights/places.ts') }),
    ],
    keys: KEYS,
    // An action's answers: the booking page uses the booking area, so it gets its error; nobody uses `manage`.
    serverKeys: new Set(['booking.error.phone', 'manage.error.code']),
    shellEntries: ['assets/entry.client-1.js', 'assets/root-1.js'],
    appDirectory: APP,
  });
  expect(plan.shell).toEqual(['auth.code', 'nav.home', 'search.submit']);
  expect(plan.pages).toEqual({
    '/assets/home-1.js': {
      name: 'routes-site-home',
      keys: ['priceAlert.title', 'search.cabin.business', 'search.cabin.economy'],
    },
    '/assets/booking-1.js': {
      name: 'routes-flights-booking',
      keys: ['booking.error.phone', 'booking.submit', 'tours.board.AI', 'tours.board.BB'],
    },
  });
});
