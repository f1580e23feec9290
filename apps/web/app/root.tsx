// First: the browser's zod must not probe eval, which the page's CSP forbids (see the module).
import './lib/zod-no-eval.ts';
import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { IntlProvider, RawIntlProvider } from 'react-intl';
import { LOCALES, isLocale, type Locale } from '@parvoz/i18n/locales';
import { MESSAGES } from '@parvoz/i18n/messages';
import ERROR_MESSAGES from 'virtual:parvoz/error-messages';
import type { Route } from './+types/root';
import APP_CSS from 'virtual:parvoz/app-css';
import { DemoBanner } from './components/DemoBanner.tsx';
import { Header } from './components/Header.tsx';
import { Footer } from './components/Footer.tsx';
import { ToastHost, notify } from './components/toast.tsx';
import { ModalProvider } from './components/ModalHost.tsx';
import { ErrorPage } from './components/ErrorPage.tsx';
import { ScrollManager } from './components/ScrollManager.tsx';
import { sharedIntl, useT, type RootData } from './lib/i18n.tsx';
import { markShellHydrated, useHydrated } from './lib/use-hydrated.ts';
import { useRouteChunks } from './lib/use-page-messages.ts';
import { errorMeta, errorPageTitle } from './lib/meta.ts';
import { pageMessagesFiles, shellMessages, shellMessagesFile } from './lib/shell-messages.server.ts';
import {
  PAGE_MESSAGES_ATTRIBUTE,
  SHELL_MESSAGES_LINK_ID,
  keepShellMessages,
  loadShellMessages,
  pageMessagesOf,
  pageMessagesUrls,
} from './lib/shell-messages.ts';
import { siteOrigin } from './lib/origin.server.ts';
import { createRequestState, requestStateContext, type RequestState } from './lib/request-context.server.ts';
import { isCrossSiteMutation } from './lib/csrf.server.ts';
import { isFormBody } from './lib/form-body.server.ts';
import { webConfig } from './lib/config.server.ts';
import { clearTokenCookie, visitorCookie } from './lib/cookies.server.ts';
import { isSharedCacheable } from './lib/page-cache.server.ts';
import { clearToastCookie, readToast } from './lib/toast.server.ts';
import { loadCurrentUser, loadCurrentUserOnce } from './lib/user.server.ts';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { LoginDialog } from './features/auth/LoginDialog.tsx';
import {
  ensureLightColorMode,
  installChunkReloadGuard,
  loadPageWordsOrReload,
  installRouteModuleGuard,
  prefetchShellRoutes,
  startBuildPolling,
} from './lib/shell.client.ts';

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    if (isCrossSiteMutation(request)) {
      throw new Response('Cross-site request refused', { status: 403, statusText: 'Forbidden' });
    }
    // Every action reads a form: a body that is no form (JSON, broken multipart, no content type) is a 400
    // here, not a 500 from `request.formData()` in the action (docs/design.md §7: no input, however
    // malformed, gives a 500).
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !(await isFormBody(request))) {
      throw new Response('The request body is not a form', { status: 400, statusText: 'Bad Request' });
    }
    const state = createRequestState(request, params);
    context.set(requestStateContext, state);
    const response = await next();
    if (state.clearToken) response.headers.append('Set-Cookie', clearTokenCookie());
    if (state.toastTaken) {
      // Shown once: the page that shows it is this visitor's alone.
      response.headers.append('Set-Cookie', clearToastCookie());
      response.headers.set('Cache-Control', 'private, no-store');
    }
    // A first visit gets its visitor id (the scope of its idempotency keys), but never on an answer a shared
    // cache may keep and hand to others: the booking page (private) and every form post carry it.
    if (state.newVisitor && !isSharedCacheable(request, response)) {
      response.headers.append('Set-Cookie', visitorCookie(state.visitorId));
    }
    response.headers.set('X-Request-Id', state.requestId);
    // Read (and removed) by the host: a page missing a part is not kept by its page cache.
    if (state.incomplete) response.headers.set('X-Parvoz-No-Page-Cache', '1');
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const state = context.get(requestStateContext);
  const { locale, currency } = state;
  // The guard may have fetched the user already; after a form post fetch again (the profile may have changed).
  const user = state.token
    ? await (request.method === 'GET' ? loadCurrentUserOnce(state) : loadCurrentUser(state))
    : null;
  const languageNames = Object.fromEntries(LOCALES.map((l) => [l, MESSAGES[l]['language.native']])) as Record<
    Locale,
    string
  >;
  keepShellMessages(locale, shellMessages(locale), pageMessagesFiles(locale));
  return {
    locale,
    currency,
    messagesUrl: `/${shellMessagesFile(locale).fileName}`,
    languageNames,
    user,
    hasToken: Boolean(state.token),
    demo: webConfig.mode === 'demo',
    origin: siteOrigin(request),
    toast: takeToast(request, state),
  };
}

/**
 * A page in another language shows once its messages files have loaded, the shell's and its routes' (the first
 * page: entry.client.tsx).
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs): Promise<RootData> {
  const data = await serverLoader();
  await loadShellMessages(data.locale, data.messagesUrl);
  await loadPageWordsOrReload(new URL(request.url), data.locale);
  return data;
}

/**
 * Another route shows once its own words have loaded (shell-messages.ts): on every navigation in the browser,
 * fetched beside the loaders' data. Only a GET shows a route (an action's POST is followed by GETs that come
 * here again); a route whose words are here already costs nothing.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method !== 'GET') return next();
    const words = loadPageWordsOrReload(new URL(request.url));
    const result = await next();
    await words;
    return result;
  },
];

/** The toast an action left for this page (GET only: a form post's own answer leaves it for the redirect). */
function takeToast(request: Request, state: RequestState): RootData['toast'] {
  if (request.method !== 'GET') return null;
  const toast = readToast(request);
  if (toast) state.toastTaken = true;
  return toast;
}

/**
 * Re-run only when the language changes, after a form submission, or when a token exists but no user is loaded
 * (spec §4). Not after a submission whose answer was a 5xx or never came (the booking form offline,
 * docs/decisions/0027-booking-form-draft.md): nothing changed, and reloading would fail the same way and
 * replace the page with the error page.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  actionStatus,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return actionStatus === undefined || actionStatus < 500;
  if (currentParams.lang !== nextParams.lang) return true;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const root =
    typeof window === 'undefined' ? undefined : (window as { __parvozRoot?: RootData }).__parvozRoot;
  return Boolean(root?.hasToken && !root.user);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const location = useLocation();
  const locale =
    data?.locale ?? (isLocale(location.pathname.split('/')[1]) ? location.pathname.split('/')[1] : 'en');
  const chunks = useRouteChunks();
  return (
    <html lang={locale} className="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The whole stylesheet, inline: no render-blocking request (build-tools/inline-css.ts). */}
        <style id="parvoz-css" dangerouslySetInnerHTML={{ __html: APP_CSS }} />
        {data ? <link rel="modulepreload" id={SHELL_MESSAGES_LINK_ID} href={data.messagesUrl} /> : null}
        {data
          ? pageMessagesUrls(data.locale, chunks).map(([chunk, url]) => (
              <link key={chunk} rel="modulepreload" href={url} {...{ [PAGE_MESSAGES_ATTRIBUTE]: chunk }} />
            ))
          : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {data ? (
          <RawIntlProvider value={sharedIntl(data.locale, pageMessagesOf(data.locale, chunks))}>
            <ModalProvider>
              <AuthProvider>
                <Shell>{children}</Shell>
                <LoginDialog />
              </AuthProvider>
            </ModalProvider>
          </RawIntlProvider>
        ) : (
          children
        )}
        <ScrollManager />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const t = useT();
  const data = useRouteLoaderData('root') as RootData;
  useClientShell(data);
  useServerToast(data.toast);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      {data.demo ? <DemoBanner /> : null}
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
      <Footer />
      <ToastHost />
    </>
  );
}

/** Browser-only shell duties: colour mode, chunk-reload guard, new-build polling (scrolling: ScrollManager). */
function useClientShell(data: RootData) {
  const t = useT();
  (globalThis as { __parvozRoot?: RootData }).__parvozRoot = data;

  const hydrated = useHydrated();
  useEffect(() => {
    markShellHydrated();
    ensureLightColorMode();
    installChunkReloadGuard();
    installRouteModuleGuard({ default: RouteModuleUnavailable });
    prefetchShellRoutes();
    const version = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
      ?.version;
    return startBuildPolling(version, () =>
      notify(t('update.available'), {
        autoClose: false,
        action: { label: t('update.reload'), onClick: () => window.location.reload() },
      }),
    );
    // Runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Once the parts that need JavaScript have replaced their server versions (tests wait for this).
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
}

/** Shows the toast an action set on the server (`redirectWithToast`) once, with the site's toasts. */
function useServerToast(toast: RootData['toast']) {
  const t = useT();
  const id = toast?.id;
  useEffect(() => {
    if (toast)
      notify(t(toast.key as Parameters<typeof t>[0], toast.values), { type: toast.type, id: toast.id });
    // Once per toast id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}

/** The page of a route whose module could not be loaded after the one reload the guard allows. */
function RouteModuleUnavailable() {
  const location = useLocation();
  return <ErrorPage status={500} path={location.pathname} />;
}

export default function App() {
  return <Outlet />;
}

/**
 * Pages set their own title; an error rendered by this boundary (a 404 anywhere, a failed loader) gets the
 * error page's title here, since the page that failed never supplies one.
 */
export const meta: Route.MetaFunction = (args) =>
  args.error ? errorMeta(args, errorPageTitle(args.error)) : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const data = useRouteLoaderData('root') as RootData | undefined;
  const status = isRouteErrorResponse(error) ? error.status || 500 : 500;
  // Spec §8: "Internal Server Error" unless a status message is supplied.
  const statusText =
    isRouteErrorResponse(error) && status !== 404 ? error.statusText || undefined : undefined;
  const page = <ErrorPage status={status} statusText={statusText} path={location.pathname} />;
  if (data) return page;
  // Raised before the root loader gave the page its messages: the error page's own words, in the path's language.
  const prefix = location.pathname.split('/')[1];
  const locale: Locale = isLocale(prefix) ? prefix : 'en';
  return (
    <IntlProvider locale={locale} messages={ERROR_MESSAGES[locale]} defaultLocale="en">
      {page}
    </IntlProvider>
  );
}
