import pg from 'pg';

/**
 * What the database's sessions were doing during the run, sampled from pg_stat_activity a few
 * times a second: how many were busy, and what they waited on (a lock, the WAL flush of a commit,
 * the client). A slow call is then a lock wait, a commit, or a queue for the pool, not a guess.
 */
export interface WaitFigures {
  samples: number;
  /** Mean sessions running a statement or inside a transaction. */
  busy: number;
  /** The most frequent waits, as `type:event share%` over the busy sessions' samples. */
  top: string[];
  /** The statements seen waiting for a lock, most frequent first (`count: statement`). */
  lockedStatements: string[];
}

export function sampleWaits(url: string, everyMs = 250): { stop(): Promise<WaitFigures> } {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  const waits = new Map<string, number>();
  const locked = new Map<string, number>();
  let samples = 0;
  let busySum = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `select state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
            and state <> 'idle' and query not like 'LISTEN %'`,
      );
      samples += 1;
      busySum += rows.length;
      for (const r of rows) {
        // A session inside a transaction between statements waits for its client (the server).
        const key = r.state === 'active' ? (r.wait ?? 'running') : `${r.state} (${r.wait ?? 'running'})`;
        waits.set(key, (waits.get(key) ?? 0) + 1);
        if (r.wait?.startsWith('Lock:')) locked.set(r.query, (locked.get(r.query) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })().catch(() => {});
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end().catch(() => {});
      const total = [...waits.values()].reduce((a, b) => a + b, 0) || 1;
      return {
        samples,
        busy: Math.round((busySum / Math.max(1, samples)) * 10) / 10,
        top: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ${Math.round((n / total) * 100)}%`),
        lockedStatements: [...locked].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([q, n]) => `${n}: ${q}`),
      };
    },
  };
}
