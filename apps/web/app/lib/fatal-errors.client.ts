/**
 * Spec §8: "Mount failure: logged and rethrown; unhandled fatal errors go to a general error handler".
 * Every error nothing else caught (a render error outside any boundary, an uncaught exception or rejected
 * promise) goes to `handleFatalError`, which logs it once with a recognisable prefix.
 */
const reported = new WeakSet<object>();

export function handleFatalError(error: unknown, source: string): void {
  if (error && typeof error === 'object') {
    if (reported.has(error)) return;
    reported.add(error);
  }
  console.error(`[parvoz] fatal error (${source}):`, error);
}

/** Routes the browser's own uncaught errors to the one handler. */
export function installFatalErrorHandler(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('error', (event) => handleFatalError(event.error ?? event.message, 'uncaught'));
  target.addEventListener('unhandledrejection', (event) =>
    handleFatalError(event.reason, 'unhandled rejection'),
  );
}

/** Runs the mount; a failure is logged (through the one handler) and rethrown. */
export function mountOrReport(mount: () => void): void {
  try {
    mount();
  } catch (error) {
    handleFatalError(error, 'mount');
    throw error;
  }
}
