import { describe, expect, it } from 'vitest';
import { batchJobView } from './batch.service';

const row = (over: Partial<Parameters<typeof batchJobView>[0]> = {}): Parameters<typeof batchJobView>[0] => ({
  id: '00000000-0000-4000-8000-000000000001', kind: 'sequential', status: 'running', total: 10, processed: 7, succeeded: 4, failed: 3, steps: 5,
  metrics: { jobsSent: 9, imagesStored: 4, rowsStored: 4, piecesStored: 22, safetyBlocked: 1, qualityBlocked: 1, cycle: 2 },
  options: { cycles: 3, limit: 5 },
  created_at: new Date('2026-01-01T10:00:00Z'), started_at: new Date('2026-01-01T10:00:00Z'), finished_at: null,
  ...over,
});

describe('the batch job view (spec names at the edge)', () => {
  it('maps the counters to the spec metrics: renders are stored plus blocked, safety and quality split them', () => {
    const v = batchJobView(row(), new Date('2026-01-01T10:02:00Z'));
    expect(v).toMatchObject({ status: 'running', progress: 70, successRate: 57.1, cycle: 2, cycles: 3, kind: 'sequential', priorityFilter: null, finishedAt: null });
    expect(v.metrics).toEqual({
      commandsSent: 9, imagesGenerated: 6, contentSafetyPassed: 5, contentSafetyFailed: 1, qualityPassed: 4, qualityFailed: 1,
      awsSaved: 4, metadataSaved: 4, supabaseItemsSaved: 22, imagesPerMinute: 3, imagesPerHour: 180, imagesPer24Hours: 4320,
      startTime: '2026-01-01T10:00:00.000Z',
    });
  });

  it('rates a finished batch over its run, and shows a completed one at 100%', () => {
    const v = batchJobView(row({ status: 'completed', processed: 9, total: 9, finished_at: new Date('2026-01-01T10:03:00Z') }), new Date('2026-01-02T00:00:00Z'));
    expect(v.progress).toBe(100);
    expect(v.metrics.imagesPerMinute).toBe(2);
    expect(v.finishedAt).toBe('2026-01-01T10:03:00.000Z');
  });

  it('names the level of a priority batch, and reads an empty batch as zeros', () => {
    const v = batchJobView(row({ kind: 'priority', options: { cycles: 1, level: 'SEV-2' }, metrics: {}, processed: 0, succeeded: 0, failed: 0 }));
    expect(v).toMatchObject({ kind: 'priority', priorityFilter: 'SEV-2', progress: 0, successRate: 0, cycle: 1 });
    expect(v.metrics.commandsSent).toBe(0);
  });
});
