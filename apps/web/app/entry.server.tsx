/**
 * React Router's Node entry (its default) plus the page's CSP nonce (docs/operations.md#security-headers):
 * server.ts makes one per page request, sends the matching Content-Security-Policy header and hands the nonce
 * over in the `X-Parvoz-Csp-Nonce` request header. `<ServerRouter nonce>` puts it on every script React
 * Router renders (`<Scripts>`, `<ScrollRestoration>`, the streamed data) and React's own inline scripts get
 * it here too. The built page goes out through `paintFirstStream` (lib/paint-first.server.ts): its JavaScript
 * is fetched after the first paint.
 */
import type { EntryContext, RouterContextProvider } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { HandleErrorFunction } from 'react-router';
import { requestLog, webLog } from './lib/log.server.ts';
import { forgetHomeTours } from './features/info/tours.server.ts';
import { pageStreams } from './lib/flush-batches.server.ts';
import { paintFirstStream } from './lib/paint-first.server.ts';
import { adoptPageMessagesPlan } from './lib/shell-messages.server.ts';
import pageMessagesPlan from 'virtual:parvoz/page-messages';

// Which words each page's files carry, decided by the browser build (build-tools/page-messages-plan.ts).
adoptPageMessagesPlan(pageMessagesPlan);

/**
 * How long a page's streamed data may take (React Router rejects what is still pending then). Longer than React
 * Router's 5 s default: a results page waits for Duffel's offers up to its time budget (DUFFEL_TIME_BUDGET_MS,
 * 8 s by default) after the built-in ones streamed (docs/duffel.md, several suppliers in one search); what
 * comes later is left out and the page says that some results may be missing.
 */
export const streamTimeout = 10_000;

/**
 * Request ids of pages whose render failed after their first bytes were out (a 200 whose rest is an error):
 * the host's page cache (server.ts) asks `renderFailed` before it keeps a page. At most a few hundred kept.
 */
const failedRenders = new Set<string>();

export function renderFailed(requestId: string): boolean {
  return failedRenders.delete(requestId);
}

/** Tours changed (the host heard of an edit in the console): the home page's kept list is forgotten too. */
export function contentChanged(): void {
  forgetHomeTours();
}

const NONCE = /^[A-Za-z0-9+/=]{16,64}$/;

/** The nonce server.ts chose for this page, if any (none under `npm run dev`, which sends no CSP). */
function cspNonceOf(request: Request): string | undefined {
  const nonce = request.headers.get('x-parvoz-csp-nonce');
  return nonce && NONCE.test(nonce) ? nonce : undefined;
}

const logOf = (request: Request) => {
  const id = request.headers.get('x-request-id');
  return id ? requestLog(id) : webLog;
};

/** Errors of loaders and actions (not those of a visitor who went away) go to the log as JSON lines. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted)
    logOf(request).error({ err: error, path: new URL(request.url).pathname }, 'loader or action failed');
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = cspNonceOf(request);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots and SPA mode wait for all content; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A part ready when its place is written goes inline, however large: React outlines a ready Suspense
        // boundary over 12.8 kB (its default) behind a script that moves it into place, which a page without
        // JavaScript never runs (an offer card behind HydrateOnSight is such a part; docs/performance.md).
        progressiveChunkSize: 1 << 20,
        [readyOption]() {
          shellRendered = true;
          // `npm run dev` keeps React Router's own scripts: Vite's dev modules fail when started late.
          // React writes into `destination`, which passes each of its flushes on as one piece.
          const { destination, body } = pageStreams(import.meta.env.DEV ? undefined : paintFirstStream());
          destination.once('finish', () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(destination);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject above and are logged by React Router.
          if (shellRendered) logOf(request).error({ err: error }, 'render failed');
          const id = request.headers.get('x-request-id');
          if (id) {
            if (failedRenders.size >= 500) failedRenders.clear();
            failedRenders.add(id);
          }
        },
      },
    );
  });
}
