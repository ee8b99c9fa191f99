import { Histogram, type HistogramConfiguration } from 'prom-client';

/** One series of a histogram whose counts are kept elsewhere (cumulative buckets, the last `Infinity`). */
export interface StoredSeries<T extends string> {
  labels: Record<T, string>;
  buckets: readonly { le: number; count: number }[];
  sum: number;
  count: number;
}

type Exported = Awaited<ReturnType<Histogram['get']>>;

/**
 * A histogram whose counts are kept elsewhere and shown at scrape time: the jobs' durations,
 * counted in the database by whichever worker ran them (docs/decisions/0023-metrics-and-readiness.md),
 * and the requests' timings, kept by a cheaper accumulator than prom-client's observe
 * (request-timings.ts). prom-client has no way to set a histogram's counts, so this one answers
 * the registry with the series it was last given, in the shape prom-client's own histogram exports
 * (`_bucket` with `le`, `_sum`, `_count`).
 */
export class StoredHistogram<T extends string> extends Histogram<T> {
  private series: readonly StoredSeries<T>[] = [];
  private readonly metricName: string;
  private readonly metricHelp: string;

  constructor(config: Omit<HistogramConfiguration<T>, 'collect'>) {
    super(config);
    this.metricName = config.name;
    this.metricHelp = config.help;
  }

  /** The series to show from now on (none: the figures could not be read). */
  show(series: readonly StoredSeries<T>[]): void {
    this.series = series;
  }

  // The registry asks for this when it writes the text format (prom-client's Histogram has it too).
  async getForPromString(): Promise<Exported> {
    return this.exported();
  }

  override async get(): Promise<Exported> {
    return this.exported();
  }

  private exported(): Exported {
    const name = this.metricName;
    const values = this.series.flatMap((s) => [
      ...s.buckets.map((b) => ({ metricName: `${name}_bucket`, labels: { ...s.labels, le: b.le === Infinity ? '+Inf' : b.le }, value: b.count })),
      { metricName: `${name}_sum`, labels: s.labels, value: s.sum },
      { metricName: `${name}_count`, labels: s.labels, value: s.count },
    ]);
    return { name, help: this.metricHelp, type: 'histogram', aggregator: 'sum', values } as unknown as Exported;
  }
}
