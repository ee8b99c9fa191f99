/**
 * What a load run measured, per kind of call: every answer's latency and status, the timeouts and
 * connection errors, and a few samples of what went wrong (so a failure names its cause).
 */
export interface KindFigures {
  kind: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server's own time (its Server-Timing header): the rest of a call's time is queueing before it. */
  serverP50Ms: number;
  serverP99Ms: number;
  non2xx: number;
  timeouts: number;
}

export interface Failure {
  kind: string;
  status: number | 'timeout' | 'error';
  detail: string;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function push(map: Map<string, number[]>, kind: string, value: number): void {
  const list = map.get(kind);
  if (list) list.push(value);
  else map.set(kind, [value]);
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly serverTimes = new Map<string, number[]>();
  private readonly non2xx = new Map<string, number>();
  private readonly timeouts = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  /** The first failure of each kind of call and status. */
  readonly failures: Failure[] = [];
  private readonly failureKinds = new Map<string, number>();
  failureCount = 0;
  connectionErrors = 0;

  answer(kind: string, status: number, ms: number): void {
    push(this.latencies, kind, ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status < 200 || status > 299) this.non2xx.set(kind, (this.non2xx.get(kind) ?? 0) + 1);
  }

  serverTime(kind: string, ms: number): void {
    push(this.serverTimes, kind, ms);
  }

  timeout(kind: string): void {
    this.timeouts.set(kind, (this.timeouts.get(kind) ?? 0) + 1);
    this.fail({ kind, status: 'timeout', detail: 'no answer within the timeout' });
  }

  connectionError(kind: string, err: Error): void {
    this.connectionErrors += 1;
    this.fail({ kind, status: 'error', detail: err.message });
  }

  /** Keeps the first sample of each kind and status (then any, up to the cap), so every cause is named once. */
  fail(f: Failure): void {
    this.failureCount += 1;
    const key = `${f.kind}|${f.status}`;
    const count = this.failureKinds.get(key) ?? 0;
    this.failureKinds.set(key, count + 1);
    if (count === 0) this.failures.push(f);
  }

  /** Failures per kind of call and status: `kind status: count`. */
  failureSummary(): string[] {
    return [...this.failureKinds].map(([key, n]) => `${key.replace('|', ' ')}: ${n}`);
  }

  get answered(): number {
    let n = 0;
    for (const l of this.latencies.values()) n += l.length;
    return n;
  }

  get totalNon2xx(): number {
    let n = 0;
    for (const c of this.non2xx.values()) n += c;
    return n;
  }

  get totalTimeouts(): number {
    let n = 0;
    for (const c of this.timeouts.values()) n += c;
    return n;
  }

  /** Every latency, sorted: the run's overall percentiles. */
  all(): number[] {
    return [...this.latencies.values()].flat().sort((a, b) => a - b);
  }

  /** One row per kind seen, in the given order first, then any other. */
  kinds(order: readonly string[]): KindFigures[] {
    const seen = new Set([...this.latencies.keys(), ...this.timeouts.keys()]);
    const names = [...order.filter((k) => seen.has(k)), ...[...seen].filter((k) => !order.includes(k))];
    return names.map((kind) => {
      const sorted = [...(this.latencies.get(kind) ?? [])].sort((a, b) => a - b);
      const server = [...(this.serverTimes.get(kind) ?? [])].sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length,
        p50Ms: round1(percentile(sorted, 50)),
        p99Ms: round1(percentile(sorted, 99)),
        maxMs: round1(sorted.at(-1) ?? 0),
        serverP50Ms: round1(percentile(server, 50)),
        serverP99Ms: round1(percentile(server, 99)),
        non2xx: this.non2xx.get(kind) ?? 0,
        timeouts: this.timeouts.get(kind) ?? 0,
      };
    });
  }
}
