import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { QUEUES, waitingJobs } from '@drape/jobs';
import { startTestServer, type TestServer } from './testing/harness';

/** The Batch Generation tab's calls over HTTP, with a real pipeline worker working the batches. */
let s: TestServer;
let token: string;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000009';

beforeAll(async () => {
  s = await startTestServer({ pipeline: true });
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  const res = await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' });
  token = res.body.token;
}, 120_000);
afterAll(() => s.close());

const call = (method: string, path: string, body?: unknown) => s.call(method, path, body, { token });
const jobs = async () => (await call('GET', '/api/admin/batch-jobs')).body.jobs as any[];
const batchRow = (id: string) => s.db.db.selectFrom('batch_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const batchCount = async () => (await s.db.db.selectFrom('batch_jobs').select('id').execute()).length;
const auditRows = (action: string) => s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the Batch Generation tab over HTTP', () => {
  it('lists no batch before the first one', async () => {
    expect(await call('GET', '/api/admin/batch-jobs')).toMatchObject({ status: 200, body: { jobs: [] } });
  });

  it('refuses bad input with 400 and starts nothing', async () => {
    for (const [path, body] of [
      ['/api/admin/batch-generate-sequential', { cycles: 6 }],
      ['/api/admin/batch-generate-sequential', { limit: 0 }],
      ['/api/admin/batch-generate', { priorityFilter: 'SEV-5', limit: 2 }],
      ['/api/admin/batch-generate', { limit: 2 }],
      ['/api/admin/batch-generate', { priorityFilter: 'SEV-1', limit: 'many' }],
    ] as const) {
      const res = await call('POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_input', message: expect.any(String) });
    }
    expect((await call('POST', '/api/admin/batch-jobs/not-an-id/cancel')).body.error).toBe('invalid_input');
    expect(await batchCount()).toBe(0);
  });

  it('initialises the SEV queue, most severe first, and audits it', async () => {
    const res = await call('POST', '/api/admin/sev-queue-init');
    expect(res.status).toBe(200);
    const queued = await s.db.db.selectFrom('sev_queue').select(['sev_level', 'sequence']).orderBy('sequence').execute();
    expect(queued.length).toBeGreaterThan(100);
    expect(res.body).toEqual({ message: expect.stringContaining(`${queued.length} combinations`), queued: queued.length });
    expect(queued[0]).toEqual({ sev_level: 'SEV-1', sequence: 1 });
    const [row] = await auditRows('admin.batch.initQueue');
    expect(row).toMatchObject({ actor: 'ops', actor_kind: 'admin', details: { result: { queued: queued.length } } });
  });

  it('runs a sequential batch to completed with its metrics, refusing a second start and a queue rebuild meanwhile', async () => {
    const res = await call('POST', '/api/admin/batch-generate-sequential', { limit: 2 });
    expect(res.status).toBe(200);
    const jobId = res.body.jobId as string;
    expect((await jobs())[0]).toMatchObject({ id: jobId, kind: 'sequential', status: 'running', total: 2, priorityFilter: null });

    for (const [path, body] of [['/api/admin/batch-generate-sequential', undefined], ['/api/admin/batch-generate', { priorityFilter: 'all', limit: 2 }]] as const) {
      const again = await call('POST', path, body);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'batch_running', message: `Batch ${jobId} is already running` });
    }
    const rebuild = await call('POST', '/api/admin/sev-queue-init');
    expect(rebuild.status).toBe(409);
    expect(rebuild.body.message).toContain(`Batch ${jobId} is running`);
    expect(await batchCount()).toBe(1);

    const done = await until(async () => (await jobs())[0], (j) => j.status === 'completed', 150_000);
    const images = await s.db.db.selectFrom('generated_images').select('id').execute();
    const pieces = await s.db.db.selectFrom('fashion_items').select('id').execute();
    expect(done).toMatchObject({ id: jobId, progress: 100, total: 2, processed: 2, cycle: 1, cycles: 1, finishedAt: expect.any(String) });
    expect(done.succeeded).toBe(images.length);
    expect(done.successRate).toBe((images.length / 2) * 100);
    expect(done.metrics).toMatchObject({
      commandsSent: 2,
      imagesGenerated: 2,
      awsSaved: images.length,
      metadataSaved: images.length,
      qualityPassed: images.length,
      supabaseItemsSaved: pieces.length,
      startTime: (await batchRow(jobId)).started_at.toISOString(),
    });
    expect(done.metrics.contentSafetyPassed + done.metrics.contentSafetyFailed).toBe(2);
    expect(done.metrics.imagesPerMinute).toBeGreaterThan(0);
    // Per minute is rounded to a tenth; the hour is extrapolated from the unrounded pace.
    expect(Math.abs(done.metrics.imagesPerHour - done.metrics.imagesPerMinute * 60)).toBeLessThanOrEqual(3);
    expect(pieces.length).toBeGreaterThan(0);

    const [row] = await auditRows('admin.batch.startSequential');
    expect(row).toMatchObject({ actor: 'ops', details: { input: { limit: 2 }, result: { jobId } } });
  }, 180_000);

  it('refuses to cancel a finished or unknown batch, changing nothing', async () => {
    const [done] = await jobs();
    const res = await call('POST', `/api/admin/batch-jobs/${done.id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'batch_not_running', message: `Batch ${done.id} is not running (completed).` });
    expect((await batchRow(done.id)).status).toBe('completed');
    expect((await call('POST', `/api/admin/batch-jobs/${UNKNOWN_ID}/cancel`)).body).toEqual({ error: 'batch_not_found', message: 'No batch job has this id.' });
    expect(await auditRows('admin.batch.cancel')).toHaveLength(0);
  });

  it('starts a batch over one SEV level, and cancels it while it runs', async () => {
    // The two looks just made moved their combinations to SEV-2; no combination is at SEV-4.
    expect(await call('POST', '/api/admin/batch-generate', { priorityFilter: 'SEV-4', limit: 2 })).toMatchObject({
      status: 409, body: { error: 'batch_nothing_to_generate', message: 'No active combination is at SEV-4: nothing to generate' },
    });
    const res = await call('POST', '/api/admin/batch-generate', { priorityFilter: 'SEV-2', limit: 3 });
    expect(res.status).toBe(200);
    const jobId = res.body.jobId as string;
    const stocked = await s.db.db.selectFrom('combinations').select('code').where('image_count', '>', 0).execute();
    const queue = await s.db.db.selectFrom('sev_queue').select(['combination_code', 'sev_level', 'batch_job_id']).execute();
    expect(queue.length).toBe(Math.min(3, stocked.length));
    expect(queue.every((q) => q.sev_level === 'SEV-2' && q.batch_job_id === jobId)).toBe(true);
    expect((await jobs())[0]).toMatchObject({ id: jobId, kind: 'priority', priorityFilter: 'SEV-2', status: 'running' });
    expect((await auditRows('admin.batch.generate'))[0]).toMatchObject({ actor: 'ops', details: { input: { priorityFilter: 'SEV-2', limit: 3 }, result: { jobId } } });

    const cancel = await call('POST', `/api/admin/batch-jobs/${jobId}/cancel`);
    expect(cancel).toMatchObject({ status: 200, body: { id: jobId, status: 'cancelled' } });
    const row = await batchRow(jobId);
    expect(row.status).toBe('cancelled');
    expect(row.finished_at).not.toBeNull();
    expect((await jobs())[0]).toMatchObject({ id: jobId, status: 'cancelled' });
    expect((await auditRows('admin.batch.cancel'))[0]).toMatchObject({ actor: 'ops', target_type: 'batch', target_id: jobId });
  });

  it('clears the pipeline: the running batch cancelled, queued jobs dropped, the SEV queue emptied', async () => {
    // The cancelled batch's sent entries may still be rendering; a new batch may start regardless.
    const start = await call('POST', '/api/admin/batch-generate-sequential', { limit: 3 });
    expect(start.status).toBe(200);
    const res = await call('POST', '/api/admin/clear-pipeline');
    expect(res).toMatchObject({ status: 200, body: { cancelledBatches: 1, message: expect.stringContaining('1 running batch cancelled') } });
    expect((await batchRow(start.body.jobId)).status).toBe('cancelled');
    expect(await s.db.db.selectFrom('sev_queue').select('sequence').execute()).toHaveLength(0);
    expect(await waitingJobs(s.services.jobs, QUEUES.generate)).toBe(0);
    expect((await auditRows('admin.batch.clearPipeline'))[0]).toMatchObject({ actor: 'ops', details: { result: { cancelledBatches: 1 } } });
  });

  it('reads a batch stored with the older metric names, listing it after the newer ones', async () => {
    const legacy = {
      commandsSent: 4, imagesGenerated: 2, contentSafetyPassed: 3, contentSafetyFailed: 1, qualityPassed: 2, qualityFailed: 1,
      awsSaved: 2, metadataSaved: 2, supabaseItemsSaved: 9, imagesPerMinute: 1, imagesPerHour: 60, imagesPer24Hours: 1440, startTime: '2020-01-01T00:00:00.000Z', cycle: 1,
    };
    const { id } = await s.db.db.insertInto('batch_jobs').values({
      kind: 'sequential', status: 'completed', total: 4, processed: 4, succeeded: 2, failed: 2, metrics: JSON.stringify(legacy),
      created_at: new Date('2021-01-01T00:00:00Z'), started_at: new Date('2021-01-01T00:00:00Z'), finished_at: new Date('2021-01-01T00:02:00Z'),
    }).returning('id').executeTakeFirstOrThrow();
    const listed = await jobs();
    expect(listed.at(-1)).toMatchObject({
      id, progress: 100, successRate: 50,
      metrics: {
        commandsSent: 4, imagesGenerated: 4, contentSafetyPassed: 3, contentSafetyFailed: 1, qualityPassed: 2, qualityFailed: 1,
        awsSaved: 2, metadataSaved: 2, supabaseItemsSaved: 9, imagesPerMinute: 2, imagesPerHour: 120, imagesPer24Hours: 2880, startTime: '2021-01-01T00:00:00.000Z',
      },
    });
  });
});
