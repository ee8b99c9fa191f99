import type { StoredSeries } from './stored-histogram';

type Labels = 'method' | 'route' | 'status_code';

interface Series {
  labels: Record<Labels, string>;
  /** Observations per bucket (not cumulative), the last past every bound. */
  counts: number[];
  sum: number;
}

/**
 * The requests' histogram, kept on the request path at the cost of three map lookups and a bucket
 * search: about 75 ns a request here, where prom-client's own observe (which validates its labels
 * and builds a key string on every call) took about 2 µs, some 1% of the REST floor's CPU per
 * request (bench/README.md "Metrics"). prom-client writes it out at scrape time (StoredHistogram).
 */
export class RequestTimings {
  /** By route, method and status: nested maps, so no key string is built per request. */
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let s = byStatus.get(status);
    if (!s) {
      s = { labels: { method, route, status_code: String(status) }, counts: Array.from({ length: this.bounds.length + 1 }, () => 0), sum: 0 };
      byStatus.set(status, s);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    s.counts[i]! += 1;
    s.sum += seconds;
  }

  /** Every series so far, with cumulative buckets as Prometheus reads them. */
  snapshot(): StoredSeries<Labels>[] {
    const all = [...this.series.values()].flatMap((byMethod) => [...byMethod.values()].flatMap((byStatus) => [...byStatus.values()]));
    return all.map((s) => {
      let running = 0;
      const buckets = [...this.bounds, Infinity].map((le, i) => ({ le, count: (running += s.counts[i]!) }));
      return { labels: s.labels, buckets, sum: s.sum, count: running };
    });
  }
}
