import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter, restRoutes } from '@drape/api';
import { bootstrapAdmin } from '@drape/auth';
import { AUDIT_ACTIONS } from '@drape/contracts';
import { sharedSecret } from '@drape/db';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * Every admin path of the REST table, whatever it does, refuses a call without a valid admin token
 * (none, expired, revoked, logged out, a user's session) with the spec's 401 and changes nothing
 * but the audit log, which records the refusals: one row per client address and reason, counting
 * the calls (docs/decisions/0013, amended). The table is read, not copied: a path added later is
 * covered without touching this file.
 */
let s: TestServer;
let userToken: string;
let revokedToken: string;
let expiredToken: string;
let deniedToken: string;
let validToken: string;

const adminRows = restRoutes.filter((r) => r.auth === 'admin');
const ANY_ID = '00000000-0000-4000-8000-000000000001';
const concrete = (path: string) => path.replace(/:[a-zA-Z]+/g, (p) => (p === ':combinationCode' || p === ':code' ? 'F-T-oceandepths' : ANY_ID));

async function loginToken(): Promise<string> {
  const res = await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

beforeAll(async () => {
  s = await startTestServer();
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  userToken = (await s.register()).token;
  revokedToken = await loginToken();
  // A revoked token: the admin's token version moved on (a password reset or `admin remove` does this).
  await s.db.db.updateTable('admins').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('admin_key', '=', 'ops').execute();
  validToken = await loginToken();
  deniedToken = await loginToken();
  expect((await s.call('POST', '/api/admin/logout', undefined, { token: deniedToken })).status).toBe(200);
  const admin = await s.db.db.selectFrom('admins').select(['id', 'token_version']).where('admin_key', '=', 'ops').executeTakeFirstOrThrow();
  const key = new TextEncoder().encode(await sharedSecret(s.db.db, 'admin-jwt'));
  expiredToken = await new SignJWT({ key: 'ops', ver: admin.token_version }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id)
    .setAudience('drape-admin').setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(key);
});
afterAll(() => s.close());

const auditRows = async () => Number((await s.db.db.selectFrom('admin_audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const rowsFrom = (ip: string) =>
  s.db.db.selectFrom('admin_audit_log').select(['actor', 'actor_kind', 'action', 'outcome', 'target_type', 'details', 'repeats']).where('ip_address', '=', ip).orderBy('id').execute();

describe('every /api/admin path but login', () => {
  it('is in the table (the admin area of settings-and-admin §7.2)', () => {
    expect(adminRows.length).toBeGreaterThan(1);
    expect(restRoutes.filter((r) => r.path.startsWith('/api/admin/') && r.auth !== 'admin').map((r) => r.path)).toEqual(['/api/admin/login']);
  });

  it('answers the valid token (not 401)', async () => {
    const res = await s.call('GET', '/api/admin/me', undefined, { token: validToken });
    expect(res.status).toBe(200);
  });

  const kinds = [
    { kind: 'none', reason: 'no_token', actor: 'anonymous' },
    { kind: 'expired', reason: 'expired', actor: 'ops' },
    { kind: 'revoked', reason: 'revoked', actor: 'ops' },
    { kind: 'denied', reason: 'denied', actor: 'ops' },
    { kind: 'user', reason: 'user_token', actor: 'anonymous' },
  ] as const;
  kinds.forEach(({ kind, reason, actor }, i) => {
    it(`answers 401 'Admin session expired' to ${kind === 'none' ? 'no token' : `a ${kind} token`}, changes nothing, and records the refusals in one row`, async () => {
      const token = { none: undefined, expired: expiredToken, revoked: revokedToken, denied: deniedToken, user: userToken }[kind];
      const ip = `198.51.100.${10 + i}`;
      const before = await auditRows();
      const failures: string[] = [];
      for (const row of adminRows) {
        const res = await s.call(row.method, concrete(row.path), row.method === 'GET' || row.method === 'DELETE' ? undefined : {}, { token, ip });
        if (res.status !== 401 || res.body?.error !== 'admin_unauthorized' || res.body?.message !== 'Admin session expired. Please log in again.') {
          failures.push(`${row.method} ${row.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
      // The blocked images' private files answer the same, and count on the same row.
      const file = await s.call('GET', `/api/admin/blocked-images/${ANY_ID}/image`, undefined, { token, ip });
      if (file.status !== 401) failures.push(`GET /api/admin/blocked-images/:id/image: ${file.status}`);
      expect(failures).toEqual([]);
      expect(await auditRows()).toBe(before + 1);
      expect(await rowsFrom(ip)).toEqual([{
        actor, actor_kind: actor === 'anonymous' ? 'anonymous' : 'admin', action: 'admin.refused', outcome: 'refused',
        target_type: 'procedure', details: { reason }, repeats: adminRows.length + 1,
      }]);
    });
  });
});

describe('every admin tRPC procedure but login', () => {
  it('refuses a caller without an admin token', async () => {
    const caller = appRouter.createCaller({ services: s.services, req: { ipAddress: '10.0.0.1', userAgent: 'test' }, sessionToken: userToken, adminToken: null, response: {} });
    const procedures = Object.keys(appRouter._def.procedures).filter((p) => p.startsWith('admin.') && p !== 'admin.login');
    expect(procedures.length).toBeGreaterThan(1);
    const failures: string[] = [];
    for (const path of procedures) {
      const fn = path.split('.').reduce<any>((o, k) => o[k], caller);
      const error = await fn({}).then(() => null, (e: unknown) => e);
      const code = (error as { appCode?: string } | null)?.appCode;
      if (code !== 'admin_unauthorized') failures.push(`${path}: ${code ?? 'answered'}`);
    }
    expect(failures).toEqual([]);
  });

  it('names an audited admin procedure in each of the CLI audit actions that mirror one', () => {
    const procedures = new Set(Object.keys(appRouter._def.procedures));
    const missing = Object.values(AUDIT_ACTIONS).filter((a) => a.startsWith('admin.') && !procedures.has(a));
    expect(missing).toEqual([]);
  });
});
