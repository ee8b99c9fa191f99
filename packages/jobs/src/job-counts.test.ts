import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_DURATION_BUCKETS_SECONDS } from '@drape/contracts/observability';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { countJob, durationBucket, jobCounterDeltas, parseJobCounters, readJobCounts } from './job-counts';
import { recordOutcome } from './outcome';

describe('the job counters (pure)', () => {
  it('puts a duration in the first bucket at or above it, past the last in +Inf', () => {
    expect(durationBucket(0)).toBe(String(JOB_DURATION_BUCKETS_SECONDS[0]));
    expect(durationBucket(0.25)).toBe('0.25');
    expect(durationBucket(0.2501)).toBe('0.5');
    expect(durationBucket(10_000)).toBe('+Inf');
    expect(jobCounterDeltas('batch', 'completed', 1234.4)).toEqual({ names: ['job:total:batch:completed', 'job:le:batch:2.5', 'job:ms:batch'], deltas: [1, 1, 1234] });
    // No duration (or a nonsense one): counted, not timed.
    expect(jobCounterDeltas('generate', 'failed')).toEqual({ names: ['job:total:generate:failed'], deltas: [1] });
    expect(jobCounterDeltas('generate', 'failed', Number.NaN).names).toHaveLength(1);
  });

  it('reads cumulative buckets, folding a bound no longer listed into the next one up', () => {
    const counts = parseJobCounters([
      { name: 'job:total:maintenance.expired-rows:completed', n: 3 },
      { name: 'job:total:generate:stored', n: 2 },
      { name: 'job:le:generate:0.25', n: 1 },
      { name: 'job:le:generate:0.3', n: 1 },
      { name: 'job:le:generate:+Inf', n: 1 },
      { name: 'job:ms:generate', n: 400_500 },
      { name: 'images:viewable', n: 9 },
    ]);
    expect(counts.totals).toEqual([
      { queue: 'generate', outcome: 'stored', count: 2 },
      { queue: 'maintenance.expired-rows', outcome: 'completed', count: 3 },
    ]);
    const [generate] = counts.durations;
    expect(generate).toMatchObject({ queue: 'generate', count: 3, sumSeconds: 400.5 });
    const at = (le: number) => generate!.buckets.find((b) => b.le === le)!.count;
    expect([at(0.1), at(0.25), at(0.5), at(300), at(Infinity)]).toEqual([0, 1, 2, 2, 3]);
    expect(generate!.buckets.map((b) => b.le)).toEqual([...JOB_DURATION_BUCKETS_SECONDS, Infinity]);
  });
});

describe('counting in the database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it("counts a generate job once, by its first outcome, with its duration, in the outcome's transaction", async () => {
    const before = await readJobCounts(db.db);
    expect(before).toEqual({ totals: [], durations: [] });
    await recordOutcome(db.db, 'job-a', { outcome: 'failed', reason: 'provider down' }, { durationMs: 1500 });
    // A second record of the same job (a retry that finds it done) counts nothing.
    await recordOutcome(db.db, 'job-a', { outcome: 'failed', reason: 'again' }, { durationMs: 99_000 });
    await db.db.transaction().execute((tx) => recordOutcome(tx, 'job-b', { outcome: 'blocked', reason: 'quality_threshold' }, { durationMs: 200 }));
    // Rolled back with the job's rows: neither recorded nor counted.
    await db.db.transaction().execute(async (tx) => {
      await recordOutcome(tx, 'job-c', { outcome: 'blocked', reason: 'content_safety' }, { durationMs: 200 });
      throw new Error('the rows failed');
    }).catch(() => {});
    const counts = await readJobCounts(db.db);
    expect(counts.totals).toEqual([
      { queue: 'generate', outcome: 'blocked', count: 1 },
      { queue: 'generate', outcome: 'failed', count: 1 },
    ]);
    expect(counts.durations).toEqual([expect.objectContaining({ queue: 'generate', count: 2, sumSeconds: 1.7 })]);
  });

  it("counts the other queues' ends from several connections, summing the slots", async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => countJob(db.db, 'batch', i % 4 === 0 ? 'failed' : 'completed', 50)));
    const counts = await readJobCounts(db.db);
    expect(counts.totals.filter((t) => t.queue === 'batch')).toEqual([
      { queue: 'batch', outcome: 'completed', count: 9 },
      { queue: 'batch', outcome: 'failed', count: 3 },
    ]);
    expect(counts.durations.find((d) => d.queue === 'batch')).toMatchObject({ count: 12, sumSeconds: 0.6 });
  });
});
