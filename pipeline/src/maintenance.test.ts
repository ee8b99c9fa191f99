import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bootstrapAdmin, createRateLimits, denyAdminToken, STALE_MAIL_ERROR, STALE_MAIL_MS } from '@drape/auth';
import { AUDIT_REFUSAL_RETENTION_DAYS, AUDIT_REFUSED_CALL } from '@drape/contracts/admin';
import { recordAudit, recordRefusal } from '@drape/operations';
import { enumerateCombinations } from '@drape/atelier';
import { combinationColumns } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { mailRetryWindowSeconds, recordOutcome } from '@drape/jobs';
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
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows', { LOOKBOOK_AUTOCURATE: 200 });
    expect(report.rateLimits).toBe(1);
    const keys = (await db.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['forgotEmail:someone@example.com']);
  });

  it('removes job outcomes older than a week', async () => {
    await recordOutcome(db.db, 'old-job', { outcome: 'failed', reason: 'x' });
    await recordOutcome(db.db, 'new-job', { outcome: 'failed', reason: 'x' });
    await db.db.updateTable('generation_outcomes').set({ finished_at: new Date(Date.now() - 8 * 86_400_000) } as never).where('job_id', '=', 'old-job').execute();
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows', { LOOKBOOK_AUTOCURATE: 200 });
    expect(report.outcomes).toBe(1);
    expect((await db.db.selectFrom('generation_outcomes').select('job_id').execute()).map((r) => r.job_id)).toEqual(['new-job']);
  });
});

describe('the hourly expired-rows task and the outbox', () => {
  it('gives up a mail still pending after an hour (no delivery is under way), and leaves one being retried', async () => {
    const mail = (recipient: string, body: string | null) => ({ recipient, subject: 'Reset your Drape password', body_text: body, kind: 'password_reset' });
    const stale = await db.db.insertInto('mail_outbox').values({ ...mail('stale@example.com', 'http://x/reset-password?token=stale'), created_at: new Date(Date.now() - 2 * 3_600_000) } as never).returning('id').executeTakeFirstOrThrow();
    // Written as long ago as the longest retries allow, one attempt refused: still pending, kept.
    const retrying = { ...mail('retrying@example.com', 'http://x/reset-password?token=retrying'), attempts: 3, error: '451 try again later' };
    await db.db.insertInto('mail_outbox').values({ ...retrying, created_at: new Date(Date.now() - mailRetryWindowSeconds() * 1000) } as never).execute();
    await db.db.insertInto('mail_outbox').values({ ...mail('sent@example.com', null), sent_at: new Date(Date.now() - 3 * 3_600_000), created_at: new Date(Date.now() - 3 * 3_600_000) } as never).execute();
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows', { LOOKBOOK_AUTOCURATE: 200 });
    expect(report.staleMails).toBe(1);
    const rows = await db.db.selectFrom('mail_outbox').select(['id', 'recipient', 'body_text', 'failed_at', 'sent_at', 'error']).orderBy('id').execute();
    expect(rows.map((r) => [r.recipient, r.body_text, Boolean(r.failed_at), r.error])).toEqual([
      ['stale@example.com', null, true, STALE_MAIL_ERROR],
      ['retrying@example.com', 'http://x/reset-password?token=retrying', false, '451 try again later'],
      ['sent@example.com', null, false, null],
    ]);
    expect(rows[0]!.id).toBe(stale.id);
  });

  it("gives up only what the mail queue's retries cannot still be working on (their longest run is well inside the hour)", () => {
    expect(mailRetryWindowSeconds() * 1000).toBeLessThan(STALE_MAIL_MS / 2);
  });
});

describe('the hourly expired-rows task, for the admin area', () => {
  it('sweeps deny-list entries of admin tokens that have expired, and keeps the live ones', async () => {
    await bootstrapAdmin(db.db, 'sweeper', 'correct horse battery');
    const admin = await db.db.selectFrom('admins').select('id').where('admin_key', '=', 'sweeper').executeTakeFirstOrThrow();
    const live = { adminId: admin.id, adminKey: 'sweeper', tokenId: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) };
    await denyAdminToken(db.db, live);
    await denyAdminToken(db.db, { ...live, tokenId: randomUUID(), expiresAt: new Date(Date.now() - 1000) });
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows', { LOOKBOOK_AUTOCURATE: 200 });
    expect(report.deniedAdminTokens).toBe(1);
    expect((await db.db.selectFrom('admin_token_denylist').select('jti').execute()).map((r) => r.jti)).toEqual([live.tokenId]);
  });

  it('sweeps refusal rows older than their retention, never a change', async () => {
    const old = Date.now() - (AUDIT_REFUSAL_RETENTION_DAYS + 1) * 86_400_000;
    await recordRefusal(db.db, { action: AUDIT_REFUSED_CALL, reason: 'no_token', targetId: 'admin.me', ipAddress: '198.51.100.7', userAgent: null }, old);
    await recordRefusal(db.db, { action: AUDIT_REFUSED_CALL, reason: 'no_token', targetId: 'admin.me', ipAddress: '198.51.100.7', userAgent: null });
    await recordAudit(db.db, { kind: 'cli', name: 'ops' }, { action: 'cli.admin.create', targetType: 'admin', targetId: 'x' });
    await db.db.updateTable('admin_audit_log').set({ at: new Date(old) } as never).where('action', '=', 'cli.admin.create').execute();
    const report = await runMaintenance(db.db, createStorage({ dataDir: '/nonexistent' }), 'expired-rows', { LOOKBOOK_AUTOCURATE: 200 });
    expect(report.auditRefusals).toBe(1);
    const rows = await db.db.selectFrom('admin_audit_log').select(['action', 'outcome']).orderBy('id').execute();
    expect(rows).toEqual([{ action: AUDIT_REFUSED_CALL, outcome: 'refused' }, { action: 'cli.admin.create', outcome: 'ok' }]);
  });
});

describe('the ten-minute lookbook-curation task', () => {
  it('fills the LookBook up to LOOKBOOK_AUTOCURATE, and does nothing at 0', async () => {
    const c = enumerateCombinations({ activeOnly: true, includeUnset: false })[0]!;
    const { combination_code: code, ...columns } = combinationColumns(c);
    await db.db.insertInto('combinations').values({ code, ...columns, enhanced_prompt: 'p' } as never).execute();
    const look = await db.db.insertInto('generated_images').values({
      job_id: 'maintenance-look', ...combinationColumns(c), storage_key: 'looks/m.webp', thumb_key: 'looks/m.thumb.webp', width: 768, height: 1024, bytes: 1,
      quality_score: 90, quality: '{}', safety_score: 90, seed: 1, prompt: 'p', provider: 'test',
    } as never).returning('id').executeTakeFirstOrThrow();
    const storage = createStorage({ dataDir: '/nonexistent' });
    expect(await runMaintenance(db.db, storage, 'lookbook-curation', { LOOKBOOK_AUTOCURATE: 0 })).toEqual({ curated: 0, lookbook: 0, target: 0 });
    expect(await runMaintenance(db.db, storage, 'lookbook-curation', { LOOKBOOK_AUTOCURATE: 200 })).toEqual({ curated: 1, lookbook: 1, target: 200 });
    const row = await db.db.selectFrom('generated_images').select(['status', 'curated_by']).where('id', '=', look.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'lookbook', curated_by: 'auto' });
  });
});
