/**
 * Fuzzing every web action (docs/design.md §7: no input, however malformed, gives a 500), the web half of
 * `apps/api/src/fuzz.test.ts`: one real site (embedded database) gets hostile form posts on every route with
 * an `action`, in all four languages, as a signed-in visitor and as an anonymous one. fast-check generates
 * form-encoded and multipart bodies from the routes' field names mixed with hostile names and values (in
 * every language); a fixed list follows, each case once per route in a language that turns from case to case:
 * prototype-pollution keys, huge numbers, 100 kB strings, invalid UTF-8 percent escapes, 1000-deep bracket
 * keys, 5000 repeated keys, wrong and broken content types, empty bodies, JSON to a form action, the
 * single-fetch `.data` URLs and odd methods.
 *
 * Every answer must be below 500; a cross-site post (foreign Origin) must be refused with a 4xx; the server
 * process must stay up and still serve `/en` afterwards. FUZZ_WEB_RUNS sets the generated bodies per route and
 * language; FUZZ_SEED replays a run (the seed is printed with any failure). A request
 * that takes over 15 s counts as a failure too.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { AGENCY_FIELDS } from '@parvoz/contracts/agencies';
import { TOUR_REQUEST_FIELDS } from '@parvoz/contracts/tours';
import { startSite, type RunningSite } from './support/server.ts';
import { ANONYMOUS } from './support/api.ts';

const LANGS = ['en', 'ru', 'uz', 'tr'] as const;
const RUNS = Number(process.env.FUZZ_WEB_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 16;
const ORDER_ID = '00000000-0000-4000-8000-000000000000';

type Target = { path: string; fields: readonly string[]; intents: readonly string[]; signedIn: boolean };
type Case = { label: string; method?: string; suffix?: string; contentType?: string; body?: BodyInit };
type Failure = { url: string; label: string; status: number | string; body: string };

let site: RunningSite;
let sessionCookie = '';
let targets: Target[] = [];
let requests = 0;
const failures: Failure[] = [];

beforeAll(async () => {
  site = await startSite({ RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', PARVOZ_DEV_MAILBOX: '1' });
  sessionCookie = `token=${await signIn('fuzz-web@parvoz.test')}`;
  const toursHtml = await (await fetch(`${site.url}/en/tours`)).text();
  const slug = /href="\/en\/tours\/([a-z0-9-]+)"/.exec(toursHtml)?.[1];
  expect(slug, 'a tour to post requests to').toBeTruthy();
  const search = [
    'from',
    'fromName',
    'to',
    'toName',
    'depart',
    'return',
    'passengers.adults',
    'passengers.children',
    'passengers.infants',
    'cabin',
  ];
  const booking = [
    'offer_id',
    'search',
    'idempotency_key',
    'intent',
    'currency',
    'accept_total',
    'offer_total',
    'luggage_price.lug_0',
    'contact.full_name',
    'contact.email',
    'contact.phone_country',
    'contact.phone',
    'agreement',
    'save_travellers',
    'passengers[0].type',
    'passengers[0].given_name',
    'passengers[0].family_name',
    'passengers[0].born_on',
    'passengers[0].document.number',
    'passengers[0].luggage',
    'passengers[0].traveller',
    'passengers[1].document',
  ];
  const profile = [
    'intent',
    'id',
    'first_name',
    'last_name',
    'phone',
    'birth_date',
    'document_number',
    'gender',
  ];
  // Every route of apps/web/app/routes with an `action`; the profile's as the signed-in user too.
  targets = [
    { path: '', fields: search, intents: [], signedIn: false },
    { path: '/settings', fields: ['language', 'currency', 'returnTo'], intents: [], signedIn: false },
    {
      path: '/login',
      fields: ['email', 'code', 'intent', 'returnTo'],
      intents: ['send', 'verify', 'restart'],
      signedIn: false,
    },
    { path: '/login/unlock', fields: ['email', 'token'], intents: [], signedIn: false },
    {
      path: '/profile',
      fields: profile,
      intents: ['personal', 'traveller-save', 'traveller-delete'],
      signedIn: true,
    },
    {
      path: '/profile/settings',
      fields: ['language', 'currency', 'notifications', 'marketing'],
      intents: [],
      signedIn: true,
    },
    {
      path: '/flight/booking?offer=x',
      fields: booking,
      intents: ['book', 'fill:0', 'fill:99'],
      signedIn: true,
    },
    { path: `/tours/${slug}`, fields: TOUR_REQUEST_FIELDS, intents: [], signedIn: false },
    { path: '/agencies', fields: AGENCY_FIELDS, intents: [], signedIn: false },
    { path: '/info/my-ticket', fields: ['booking_reference', 'email'], intents: [], signedIn: false },
    { path: '/price-alerts', fields: ['email', 'segment'], intents: [], signedIn: false },
    { path: '/price-alerts/confirm', fields: ['token'], intents: [], signedIn: false },
    { path: '/price-alerts/unsubscribe', fields: ['token'], intents: [], signedIn: false },
    { path: '/profile/price-alerts', fields: ['intent', 'id'], intents: ['delete'], signedIn: true },
    {
      path: `/orders/${ORDER_ID}`,
      fields: [
        'intent',
        'access_token',
        'cancellation_id',
        'phone',
        'email',
        'code',
        'change_id',
        'change_email',
      ],
      intents: ['pay', 'cancel', 'cancel-confirm', 'change-phone', 'email-change', 'email-confirm', 'resend'],
      signedIn: true,
    },
    // Never with the session: a fuzzed logout would end it for the other routes.
    { path: '/logout', fields: ['intent', 'returnTo'], intents: [], signedIn: false },
  ];
}, 90_000);

afterAll(async () => {
  await site?.stop();
});

/** Signs in through the API and the development mailbox (no SMTP_URL), as the login form would. */
async function signIn(email: string): Promise<string> {
  const sent = await fetch(`${site.url}/v1/auth/code`, {
    method: 'POST',
    headers: ANONYMOUS,
    body: JSON.stringify({ email }),
  });
  expect(sent.status).toBe(202);
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt++) {
    const mailbox = (await (
      await fetch(`${site.url}/v1/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: ANONYMOUS })
    ).json()) as { data: Array<{ text: string }> };
    code = /\b(\d{6})\b/.exec(mailbox.data[0]?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(code, 'the sign-in code in the development mailbox').toBeTruthy();
  const verified = await fetch(`${site.url}/v1/auth/verify`, {
    method: 'POST',
    headers: ANONYMOUS,
    body: JSON.stringify({ email, code }),
  });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { data: { token: string } }).data.token;
}

/** Sends one request and records it as a failure when the answer is a 5xx or when `refused` and not a 4xx. */
async function send(
  target: Target,
  lang: string,
  c: Case,
  options: { origin?: string | null; signedIn?: boolean; refused?: boolean } = {},
) {
  const [pathname, query] = target.path.split('?');
  const url = `${site.url}/${lang}${pathname}${c.suffix ?? ''}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? site.url : options.origin;
  if (origin !== null) headers.origin = origin;
  if (c.contentType) headers['content-type'] = c.contentType;
  if (options.signedIn ?? target.signedIn) headers.cookie = sessionCookie;
  requests++;
  let status: number | string;
  let body = '';
  try {
    const response = await fetch(url, {
      method: c.method ?? 'POST',
      headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    status = `network error: ${String(error)}`;
  }
  const bad =
    typeof status === 'string' ||
    status >= 500 ||
    (options.refused === true && (status < 400 || status >= 500));
  if (bad) failures.push({ url, label: c.label, status, body: body.slice(0, 300) });
}

async function runAll(jobs: Array<() => Promise<void>>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

function form(pairs: Array<[string, string]>): string {
  return new URLSearchParams(pairs).toString();
}

const FORM = 'application/x-www-form-urlencoded';
const LONG = 'x'.repeat(100_000);

/** The hand-written hostile requests for one route. */
function hostileCases(target: Target): Case[] {
  const fields = target.fields;
  const valid = (value: string) => fields.map((f): [string, string] => [f, value]);
  const intent = target.intents[0] ?? '';
  const deep = 'a' + '[b]'.repeat(1000);
  const multipart = (entries: Array<[string, string | Blob]>) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };
  return [
    {
      label: 'prototype pollution keys',
      contentType: FORM,
      body:
        '__proto__[x]=1&constructor[prototype][x]=1&__proto__=1&prototype=1&constructor=1&toString=1&hasOwnProperty=1' +
        `&intent=${intent}&__proto__[intent]=${intent}&${fields.map((f) => `__proto__[${f}]=1`).join('&')}`,
    },
    {
      label: 'prototype pollution keys (multipart)',
      body: multipart([
        ['__proto__', '{"polluted":1}'],
        ['__proto__[x]', '1'],
        ['constructor[prototype][x]', '1'],
        ['intent', intent],
      ]),
    },
    {
      label: 'huge numbers',
      contentType: FORM,
      body: form([
        ['intent', intent],
        ...fields.map((f, i): [string, string] => [
          f,
          [
            '1e308',
            '-1e308',
            '99999999999999999999999999',
            'NaN',
            'Infinity',
            '-0',
            '0x7fffffff',
            '9'.repeat(400),
          ][i % 8]!,
        ]),
      ]),
    },
    { label: '100 kB strings', contentType: FORM, body: form([['intent', intent], ...valid(LONG)]) },
    { label: '100 kB intent', contentType: FORM, body: form([['intent', LONG]]) },
    { label: '100 kB field name', contentType: FORM, body: `${LONG}=1&intent=${intent}` },
    {
      label: 'invalid UTF-8 escapes',
      contentType: FORM,
      body: `intent=${intent}&%C3%28=1&${fields.map((f, i) => `${f}=${['%C3%28', '%FF%FE', '%E0%80%AF', '%ED%A0%80', '%F8%88%80%80%80'][i % 5]}`).join('&')}`,
    },
    {
      label: 'broken percent escapes',
      contentType: FORM,
      body: `a=%&b=%zz&%=%&intent=%${fields.map((f) => `&${f}=%%`).join('')}`,
    },
    {
      label: 'NUL and control characters',
      contentType: FORM,
      body: form([['intent', `${intent}\0`], ...valid('\0\u0001\u001b[31m\r\n\u2028\uFEFF')]),
    },
    {
      label: 'deep bracket keys',
      contentType: FORM,
      body: `${deep}=1&${fields[0]}${'[x]'.repeat(1000)}=1&intent=${intent}`,
    },
    {
      label: '5000 repeated keys',
      contentType: FORM,
      body: `intent=${intent}&` + `${fields[0]}=1&`.repeat(5000),
    },
    { label: '5000 repeated intents', contentType: FORM, body: `intent=${intent}&`.repeat(5000) },
    {
      label: '1000 fields (multipart)',
      body: multipart(Array.from({ length: 1000 }, (_, i): [string, string] => [`f${i}[${i}]`, String(i)])),
    },
    {
      label: 'files in every field (multipart)',
      body: multipart([
        ['intent', intent],
        ...fields.map((f): [string, Blob] => [f, new Blob([LONG], { type: 'text/html' })]),
      ]),
    },
    { label: '100 kB strings (multipart)', body: multipart([['intent', intent], ...valid(LONG)]) },
    {
      label: 'multipart without a boundary',
      contentType: 'multipart/form-data',
      body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--`,
    },
    {
      label: 'multipart with a wrong boundary',
      contentType: 'multipart/form-data; boundary=nope',
      body: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--`,
    },
    {
      label: 'multipart truncated',
      contentType: 'multipart/form-data; boundary=x',
      body: `--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}`,
    },
    {
      label: 'multipart without a name',
      contentType: 'multipart/form-data; boundary=x',
      body: `--x\r\nContent-Disposition: form-data\r\n\r\n1\r\n--x--\r\n`,
    },
    {
      label: 'multipart with an invalid UTF-8 name',
      contentType: 'multipart/form-data; boundary=x',
      body: Buffer.from(
        `--x\r\nContent-Disposition: form-data; name="\xc3\x28"\r\n\r\n\xff\xfe\r\n--x--\r\n`,
        'latin1',
      ),
    },
    {
      label: 'JSON body',
      contentType: 'application/json',
      body: JSON.stringify({ intent, __proto__: { x: 1 }, ...Object.fromEntries(fields.map((f) => [f, 1])) }),
    },
    {
      label: 'JSON body as a form',
      contentType: FORM,
      body: JSON.stringify({ intent, constructor: { prototype: { x: 1 } } }),
    },
    { label: 'invalid JSON body', contentType: 'application/json', body: '{"intent":' },
    { label: 'text/plain', contentType: 'text/plain', body: `intent=${intent}` },
    {
      label: 'XML',
      contentType: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    {
      label: 'random bytes',
      contentType: 'application/octet-stream',
      body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    },
    { label: 'garbage content type', contentType: ';;;=;boundary', body: 'a=1' },
    {
      label: 'form in UTF-16',
      contentType: `${FORM}; charset=utf-16`,
      body: Buffer.from(`intent=${intent}`, 'utf16le'),
    },
    { label: 'empty form body', contentType: FORM, body: '' },
    { label: 'empty multipart body', contentType: 'multipart/form-data; boundary=x', body: '' },
    { label: 'empty body without a content type' },
    {
      label: 'single-fetch data URL',
      suffix: '.data',
      contentType: FORM,
      body: `intent=${intent}&__proto__[x]=1`,
    },
    {
      label: 'single-fetch data URL, broken body',
      suffix: '.data',
      contentType: 'multipart/form-data; boundary=x',
      body: '--x',
    },
    { label: 'PUT', method: 'PUT', contentType: FORM, body: `intent=${intent}` },
    { label: 'PATCH', method: 'PATCH', contentType: FORM, body: `intent=${intent}` },
    { label: 'DELETE', method: 'DELETE' },
  ];
}

/** A field name: one of the route's (also as a bracketed or indexed variant) or a hostile one. */
function fieldName(target: Target): fc.Arbitrary<string> {
  const known = fc.constantFrom(...target.fields, 'intent');
  return fc.oneof(
    { weight: 6, arbitrary: known },
    { weight: 1, arbitrary: known.map((f) => `${f}[]`) },
    { weight: 1, arbitrary: fc.tuple(known, fc.string({ maxLength: 8 })).map(([f, s]) => `${f}[${s}]`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        '__proto__[x]',
        'constructor[prototype][x]',
        'prototype',
        'toString',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  );
}

/** A field value: mostly plausible (intents, emails, numbers, dates, codes), often hostile. */
function fieldValue(target: Target): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: target.intents.length ? fc.constantFrom(...target.intents) : fc.constant('1') },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
    { weight: 1, arbitrary: fc.stringMatching(/^\d{6}$/) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'USD',
        'UZS',
        'en',
        'ru',
        'xx',
        'economy',
        'TAS',
        'IST',
        '/en',
        '//evil.example',
        'javascript:alert(1)',
      ),
    },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }) },
    { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => 'y'.repeat(n)) },
  );
}

/** Generated requests: form-encoded (encoded properly or with raw, possibly broken escapes) or multipart. */
function generatedCases(target: Target, seed: number): Case[] {
  const pairs = fc.array(fc.tuple(fieldName(target), fieldValue(target)), { maxLength: 25 });
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: pairs.map((p): Case => ({ label: 'generated form', contentType: FORM, body: form(p) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 15 })
        .map((p): Case => ({
          label: 'generated raw form',
          contentType: FORM,
          body: p.map(([k, v]) => `${k}=${v}`).join('&'),
        })),
    },
    {
      weight: 3,
      arbitrary: pairs.map((p): Case => {
        const data = new FormData();
        for (const [k, v] of p) data.append(k, v);
        return { label: 'generated multipart', body: data };
      }),
    },
  );
  return fc.sample(body, { numRuns: RUNS, seed });
}

test('no web action answers a 5xx to hostile input, in any language', { timeout: 300_000 }, async () => {
  const started = Date.now();
  const jobs: Array<() => Promise<void>> = [];
  targets.forEach((target, t) => {
    // Each hand-written case once per route, in a language that turns with the route and the case: parsing
    // does not depend on the language, and every language still meets every case on some route (and every
    // route every language). The generated bodies and the cross-site posts go in all four.
    hostileCases(target).forEach((c, i) => {
      const lang = LANGS[(t + i) % LANGS.length]!;
      jobs.push(() => send(target, lang, c));
      // Anonymous too for the signed-in routes (the guard's path); some without any Origin (curl).
      if (target.signedIn) jobs.push(() => send(target, lang, c, { signedIn: false }));
    });
    LANGS.forEach((lang, l) => {
      for (const c of generatedCases(target, SEED + t * 10 + l)) jobs.push(() => send(target, lang, c));
      // Cross-site posts are refused with a 4xx before any action runs.
      const plain: Case = {
        label: 'cross-site',
        contentType: FORM,
        body: `intent=${target.intents[0] ?? ''}`,
      };
      for (const origin of ['https://evil.example', 'null', 'not a url', `${site.url}.evil.example`])
        jobs.push(() =>
          send(target, lang, { ...plain, label: `Origin ${origin}` }, { origin, refused: true }),
        );
      jobs.push(() => send(target, lang, { ...plain, label: 'no Origin' }, { origin: null }));
    });
  });
  await runAll(jobs);
  const elapsed = Date.now() - started;
  console.log(`fuzz-web: ${requests} requests in ${elapsed} ms (seed ${SEED})`);

  expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  expect(site.process.exitCode, 'the server process is still running').toBeNull();
  expect(requests).toBeGreaterThanOrEqual(2000);
  const home = await fetch(`${site.url}/en`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<html');
  // The session survived (no fuzzed request ended it) and the signed-in pages still render.
  const profile = await fetch(`${site.url}/en/profile`, {
    headers: { cookie: sessionCookie },
    redirect: 'manual',
  });
  expect(profile.status).toBe(200);
});
