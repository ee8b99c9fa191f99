/**
 * The status of a rejection's reason: a tRPC refusal's (`data.httpStatus`, which the API's error
 * formatter sets), or a `status` an error carries itself. Read by shape rather than through
 * @drape/client: this runs on every page from the entry, and the client helper's `instanceof`
 * brings tRPC's client into the landing's first load.
 */
function statusOf(reason: unknown): number | undefined {
  const data: unknown = reason instanceof Error && 'data' in reason ? reason.data : undefined;
  const status: unknown = data && typeof data === 'object' && 'httpStatus' in data ? data.httpStatus : undefined;
  if (typeof status === 'number') return status;
  const own: unknown = reason && typeof reason === 'object' && 'status' in reason ? reason.status : undefined;
  return typeof own === 'number' ? own : undefined;
}

/** A 401 or 403 nobody caught: the session link already acted on it (a 401 ends the session). */
export function isAuthRejection(reason: unknown): boolean {
  const status = statusOf(reason);
  return status === 401 || status === 403;
}

/**
 * user-area §8, settings-and-admin §4: unhandled 401 or 403 rejections are suppressed and logged;
 * every other unhandled rejection keeps the browser's own report. Answers the uninstaller.
 */
export function installUnhandledAuthRejections(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
  log: (message: string, reason: unknown) => void = (message, reason) => console.warn(message, reason),
): () => void {
  const listener = (event: Event) => {
    const reason: unknown = (event as PromiseRejectionEvent).reason;
    if (!isAuthRejection(reason)) return;
    event.preventDefault();
    log('Suppressed an unhandled 401/403 rejection:', reason);
  };
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}
