import { httpStatus } from '@drape/client';

/** The status of a rejection's reason: a tRPC refusal's, or a `status` an error carries itself. */
function statusOf(reason: unknown): number | undefined {
  const status = httpStatus(reason);
  if (status !== undefined) return status;
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
