import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedureList } from '@drape/api';
import { bootstrapAdmin } from '@drape/auth';
import { AUDIT_ACTIONS, AUDIT_KEPT_FIELDS, AUDIT_REFUSAL_ROWS_PER_WINDOW, AUDIT_REFUSAL_WINDOW_MINUTES } from '@drape/contracts/admin';
import { insertLook } from './proof/looks';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * The audit log keeps, of each action's input and answer, only the fields its allowlist names;
 * reading the user list and the blocked images is audited; refused calls are recorded without a
 * flood of them filling the table.
 */
let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  token = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
});
afterAll(() => s.close());

const lastRow = (action: string) =>
  s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

describe('the allowlist of each action', () => {
  it('names every audited procedure (its metadata says so) and CLI action (a new one fails here until it declares its fields)', () => {
    const audited = procedureList.filter((p) => p.meta.audit).map((p) => p.path);
    expect(audited.length).toBeGreaterThan(20);
    expect(audited).toEqual(expect.arrayContaining(['admin.users.list', 'admin.blocked.list', 'admin.users.referrals']));
    expect([...audited, ...Object.values(AUDIT_ACTIONS)].filter((action) => !AUDIT_KEPT_FIELDS[action])).toEqual([]);
  });

  it('names the target its procedure declares: a look is an image by every door, a started batch its job', async () => {
    const look = await insertLook(s.db.db, { gender: 'female', trend: 'polka' });
    expect((await s.call('POST', `/api/admin/images/${look.id}/make-public`, undefined, { token })).status).toBe(200);
    expect(await lastRow('admin.gallery.makePublic')).toMatchObject({ target_type: 'image', target_id: look.id });
    expect((await s.call('POST', '/api/admin/add-to-showcase', { imageId: look.id, combinationCode: look.code }, { token })).status).toBe(200);
    expect(await lastRow('admin.showcase.add')).toMatchObject({ target_type: 'image', target_id: look.id });
    const started = await s.call('POST', '/api/admin/batch-generate-sequential', { limit: 1 }, { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await lastRow('admin.batch.startSequential')).toMatchObject({ target_type: 'batch', target_id: started.body.jobId });
    // A change of the whole platform names nothing.
    expect((await s.call('PATCH', '/api/admin/settings', { analyticsTracking: true }, { token })).status).toBe(200);
    expect(await lastRow('admin.settings.update')).toMatchObject({ target_type: null, target_id: null });
  });

  it('keeps only the named input fields, whatever the others are called', async () => {
    const user = await s.register();
    // The schema drops the unknown field; the raw input still carries it to the audit middleware.
    const res = await s.call('POST', `/api/admin/users/${user.user.id}/end-sessions`, { note: 'card 4111 1111 1111 1111', contact: user.email }, { token });
    expect(res.status).toBe(200);
    const row = await lastRow('admin.users.endSessions');
    expect(row.details).toEqual({ input: { userId: user.user.id }, result: { ended: 1 } });
    expect(JSON.stringify(row)).not.toContain('4111');
    expect(JSON.stringify(row)).not.toContain(user.email);
  });

  it('keeps a list in an answer with only the named fields of each item (the test users, their passwords never)', async () => {
    const res = await s.call('POST', '/api/admin/create-test-users', undefined, { token });
    expect(res.status).toBe(200);
    const row = await lastRow('admin.users.createTestUsers');
    expect(row.details).toEqual({ input: null, result: { users: res.body.users.map((u: { username: string; tier: string }) => ({ username: u.username, tier: u.tier })) } });
    for (const u of res.body.users as { password: string; email: string }[]) {
      expect(JSON.stringify(row)).not.toContain(u.password);
      expect(JSON.stringify(row)).not.toContain(u.email);
    }
  });
});

describe('audited reads', () => {
  it('writes who read the user list, with the filters and how many users it saw, never the users', async () => {
    const user = await s.register();
    const res = await s.call('GET', `/api/admin/users?search=${user.username.slice(0, 6)}&limit=20`, undefined, { token, ip: '203.0.113.40' });
    expect(res.status).toBe(200);
    const row = await lastRow('admin.users.list');
    expect(row).toMatchObject({
      actor: 'ops', actor_kind: 'admin', outcome: 'ok', ip_address: '203.0.113.40',
      details: { input: { search: user.username.slice(0, 6), limit: '20' }, result: { usersCount: res.body.users.length } },
    });
    expect(res.body.users.length).toBeGreaterThan(0);
    expect(JSON.stringify(row.details)).not.toContain(user.email);
  });

  it('writes who read the blocked images', async () => {
    const res = await s.call('GET', '/api/admin/blocked-images?reviewStatus=pending', undefined, { token });
    expect(res.status).toBe(200);
    const row = await lastRow('admin.blocked.list');
    expect(row).toMatchObject({ actor: 'ops', outcome: 'ok', details: { input: { reviewStatus: 'pending' }, result: { hasMore: false, imagesCount: 0 } } });
  });

  it('lists refusals apart with outcome=refused, and shows their count', async () => {
    await s.call('GET', '/api/admin/me', undefined, { ip: '203.0.113.41' });
    await s.call('GET', '/api/admin/stats', undefined, { ip: '203.0.113.41' });
    const refused = await s.call('GET', '/api/admin/audit-log?outcome=refused', undefined, { token });
    expect(refused.status).toBe(200);
    expect(refused.body.entries.every((e: { outcome: string }) => e.outcome === 'refused')).toBe(true);
    expect(refused.body.entries.find((e: { ipAddress: string }) => e.ipAddress === '203.0.113.41')).toMatchObject({
      action: 'admin.refused', actorKind: 'anonymous', targetId: 'admin.me', repeats: 2, details: { reason: 'no_token' }, lastAt: expect.any(String),
    });
    const ok = await s.call('GET', '/api/admin/audit-log?outcome=ok', undefined, { token });
    expect(ok.body.entries.length).toBeGreaterThan(0);
    expect(ok.body.entries.every((e: { outcome: string }) => e.outcome === 'ok')).toBe(true);
    expect((await s.call('GET', '/api/admin/audit-log?outcome=maybe', undefined, { token })).status).toBe(400);
  });
});

describe('a flood of refused calls', () => {
  const refusalRows = async () =>
    s.db.db.selectFrom('admin_audit_log').select(['id', 'ip_address', 'repeats', 'details']).where('outcome', '=', 'refused').orderBy('id').execute();
  const windowOf = (t: number) => Math.floor(t / (AUDIT_REFUSAL_WINDOW_MINUTES * 60_000));

  it('from one address costs one row, counting every call', async () => {
    const before = (await refusalRows()).length;
    const ip = '198.51.100.200';
    const started = Date.now();
    for (let i = 0; i < 120; i++) await s.call('GET', '/api/admin/stats', undefined, { ip, token: i % 2 ? 'not-a-token' : undefined });
    const rows = (await refusalRows()).filter((r) => r.ip_address === ip);
    const windows = windowOf(Date.now()) - windowOf(started) + 1;
    // Two reasons (no token, a user-shaped token), one row each per window.
    expect(rows.length).toBeLessThanOrEqual(2 * windows);
    expect(rows.reduce((n, r) => n + r.repeats, 0)).toBe(120);
    expect((await refusalRows()).length - before).toBe(rows.length);
  });

  it('from ever new addresses stops starting rows at the window budget and counts the rest on one overflow row', async () => {
    const total = (rows: { repeats: number }[]) => rows.reduce((n, r) => n + r.repeats, 0);
    const before = await refusalRows();
    const started = Date.now();
    const calls = AUDIT_REFUSAL_ROWS_PER_WINDOW + 150;
    // 25 at once: the budget must hold under concurrent refusals too.
    for (let i = 0; i < calls; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => s.call('GET', '/api/admin/me', undefined, { ip: `10.77.${Math.floor((i + j) / 250)}.${(i + j) % 250}` })));
    }
    const windows = windowOf(Date.now()) - windowOf(started) + 1;
    const after = await refusalRows();
    expect(after.length - before.length).toBeLessThanOrEqual((AUDIT_REFUSAL_ROWS_PER_WINDOW + 1) * windows);
    expect(total(after) - total(before)).toBe(calls);
    const overflow = after.find((r) => (r.details as { reason?: string }).reason === 'overflow');
    expect(overflow).toMatchObject({ ip_address: null });
    expect(overflow!.repeats).toBeGreaterThan(1);
  });
});
