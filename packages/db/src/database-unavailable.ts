/**
 * Whether an error means "PostgreSQL cannot be reached right now" (restarting, failing over,
 * stopped, the network between us down) rather than a fault of the request or of our code: the
 * caller answers 503 and tries again later; nothing about the request was wrong.
 */

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs of a server going away or not yet back: class 08 (connection exception), 57P01
 * admin_shutdown (a fast stop or restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost or refused connection with these messages and no code. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableOne(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m));
}

export function isDatabaseUnavailable(err: unknown): boolean {
  // The error itself, what it wraps (a TRPCError's cause, an Error's cause), and a failed
  // connection's attempts (net's AggregateError when both address families refuse).
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailableOne(e)) return true;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}
