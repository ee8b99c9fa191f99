import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '@drape/auth';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { recordOutcome } from '@drape/jobs';
import { createStorage } from '@drape/storage';
import { runMaintenance } from './maintenance';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('the hourly expired-rows task', () => {
  it('removes rate-limit counters past their window and keeps the live ones', async () => {
    const limits = createRateLimits(db.pool);
    await limits.consume('loginIp', '198.51.100.1');
    await limits.consume('forgotEmail', 'someone@example.com');
    // One counter whose window ended an hour ago, as rate-limiter-flexible leaves it behind.
    await db.db.updateTable('rate_limits').set({ expire: Date.now() - 3_600_000 }).where('key', 'like', 'loginIp%').execute();
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows');
    expect(report.rateLimits).toBe(1);
    const keys = (await db.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['forgotEmail:someone@example.com']);
  });

  it('removes job outcomes older than a week', async () => {
    await recordOutcome(db.db, 'old-job', { outcome: 'failed', reason: 'x' });
    await recordOutcome(db.db, 'new-job', { outcome: 'failed', reason: 'x' });
    await db.db.updateTable('generation_outcomes').set({ finished_at: new Date(Date.now() - 8 * 86_400_000) } as never).where('job_id', '=', 'old-job').execute();
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows');
    expect(report.outcomes).toBe(1);
    expect((await db.db.selectFrom('generation_outcomes').select('job_id').execute()).map((r) => r.job_id)).toEqual(['new-job']);
  });
});
