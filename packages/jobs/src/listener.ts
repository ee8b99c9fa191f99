import pg from 'pg';
import { DB_CONNECT_TIMEOUT_MS } from '@drape/db';
import type { Logger } from '@drape/log';

/** How long a lost LISTEN connection waits before each new attempt: back within a second of PostgreSQL. */
export const LISTEN_RETRY_MS = 500;

/** The application_name of our LISTEN connections, as pg_stat_activity shows them. */
export const LISTENER_APPLICATION = 'drape-listen';

export interface Listener {
  /** True while a connection is listening (false between a loss and the next successful attempt). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  onNotify(payload: string | undefined): void;
  /**
   * Called after every (re)connection, once LISTEN is in force: notifications sent while no
   * connection listened are lost, so whoever waits for one looks again.
   */
  onListening?(): void;
  /** Called when a connection that listened is lost: notifications may be missed until onListening. */
  onLost?(): void;
  retryMs?: number;
  /** The connection's application_name (LISTENER_APPLICATION by default): another listener of the process is told apart. */
  applicationName?: string;
  /** A lost connection (warn, with its error), each failed attempt (debug) and the return (info). */
  log: Logger;
}

/**
 * One connection that LISTENs on a channel for the life of the process, and comes back by itself
 * when it is lost (PostgreSQL restarted, failed over, or was down for a while): a failed attempt is
 * followed by another until one succeeds. The first connection must succeed (a process that cannot
 * reach its database at start should say so).
 */
export async function listenForever(url: string, channel: string, opts: ListenOptions): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const retryMs = opts.retryMs ?? LISTEN_RETRY_MS;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let retried = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: opts.applicationName ?? LISTENER_APPLICATION, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS, keepAlive: true });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      // A failed attempt ends the same way: only a connection that listened was lost.
      if (client === c) {
        client = null;
        opts.onLost?.();
        if (!closed) opts.log.warn({ err }, `LISTEN ${channel}: connection lost; listening again once it connects`);
      }
      void c.end().catch(() => {});
      scheduleRetry();
    };
    // Both can come (a FATAL, then the end of the socket): one loss, one retry.
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (msg) => opts.onNotify(msg.payload));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      lost = true;
      await c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    if (retried) opts.log.info(`LISTEN ${channel}: listening again`);
    retried = false;
    opts.onListening?.();
  };

  const scheduleRetry = () => {
    if (closed || retry) return;
    retried = true;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        opts.log.debug({ err }, `LISTEN ${channel}: attempt failed`);
        scheduleRetry();
      });
    }, retryMs);
  };

  await connect();
  return {
    listening: () => client !== null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
