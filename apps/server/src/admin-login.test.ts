import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
});
afterAll(() => s.close());

describe('POST /api/admin/login', () => {
  it('answers a short-lived token that opens admin procedures', async () => {
    const res = await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' });
    expect(res.status).toBe(200);
    expect(res.body.token.split('.')).toHaveLength(3);
    const hours = (new Date(res.body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    expect((await s.call('GET', '/api/admin/me', undefined, { token: res.body.token })).body).toEqual({ adminKey: 'ops' });
  });

  it("counts an address's failed sign-ins only: admins behind one address who sign in correctly are never limited", async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < 25; i++) {
      expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' }, { ip })).status).toBe(200);
    }
    for (let i = 0; i < 20; i++) await s.call('POST', '/api/admin/login', { adminKey: `nobody${i}`, password: 'wrong' }, { ip });
    expect(await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' }, { ip })).toMatchObject({ status: 429, body: { error: 'rate_limited' } });
  });

  it('refuses a wrong key or password, and empty fields with the spec messages', async () => {
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'wrong' })).body.error).toBe('invalid_admin_credentials');
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'nobody', password: 'correct horse' })).status).toBe(401);
    expect((await s.call('POST', '/api/admin/login', { adminKey: '', password: 'x' })).body.message).toBe('adminKey: Admin key is required');
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: '' })).body.message).toBe('password: Password is required');
  });

  it('refuses admin procedures without a token, with a user session, a forged or an expired token', async () => {
    expect((await s.call('GET', '/api/admin/me')).body).toEqual({ error: 'admin_unauthorized', message: 'Admin session expired. Please log in again.' });
    const user = await s.register();
    expect((await s.call('GET', '/api/admin/me', undefined, { token: user.token })).status).toBe(401);
    const forged = await new SignJWT({ key: 'ops' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setAudience('drape-admin').setExpirationTime('1h').sign(new TextEncoder().encode('guess'));
    expect((await s.call('GET', '/api/admin/me', undefined, { token: forged })).status).toBe(401);
    const { sharedSecret } = await import('@drape/db');
    const key = new TextEncoder().encode(await sharedSecret(s.db.db, 'admin-jwt'));
    const expired = await new SignJWT({ key: 'ops' }).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setAudience('drape-admin').setExpirationTime(Math.floor(Date.now() / 1000) - 10).sign(key);
    expect((await s.call('GET', '/api/admin/me', undefined, { token: expired })).status).toBe(401);
  });
});

describe('the audit of admin sign-ins', () => {
  const rowsFrom = (ip: string) =>
    s.db.db.selectFrom('admin_audit_log').select(['actor', 'actor_kind', 'action', 'outcome', 'details', 'repeats']).where('ip_address', '=', ip).orderBy('id').execute();

  it('writes each failed sign-in, with the key tried and never the password, one row per address and reason', async () => {
    const ip = '203.0.113.70';
    for (let i = 0; i < 3; i++) expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: `wrong-guess-${i}` }, { ip })).status).toBe(401);
    const rows = await rowsFrom(ip);
    expect(rows).toEqual([{ actor: 'anonymous', actor_kind: 'anonymous', action: 'admin.login', outcome: 'refused', details: { reason: 'invalid_credentials', input: { adminKey: 'ops' } }, repeats: 3 }]);
    expect(JSON.stringify(rows)).not.toContain('wrong-guess');
  });

  it('writes a locked key (asked for the bot check) apart from wrong passwords', async () => {
    await bootstrapAdmin(s.db.db, 'lockme', 'correct horse');
    const ip = '203.0.113.71';
    let locked = 0;
    for (let i = 0; i < 12; i++) {
      const res = await s.call('POST', '/api/admin/login', { adminKey: 'lockme', password: `nope-${i}` }, { ip });
      if (res.status === 429) locked += 1;
    }
    expect(locked).toBeGreaterThan(0);
    const rows = await rowsFrom(ip);
    expect(rows.map((r) => (r.details as { reason: string }).reason).sort()).toEqual(['bot_check_required', 'invalid_credentials']);
    expect(rows.reduce((n, r) => n + r.repeats, 0)).toBe(12);
  });

  it('writes a successful sign-in under the admin key; bad input is not a sign-in and writes nothing', async () => {
    const ip = '203.0.113.72';
    expect((await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' }, { ip })).status).toBe(200);
    expect((await s.call('POST', '/api/admin/login', { adminKey: '', password: 'x' }, { ip })).status).toBe(400);
    expect(await rowsFrom(ip)).toEqual([{ actor: 'ops', actor_kind: 'admin', action: 'admin.login', outcome: 'ok', details: {}, repeats: 1 }]);
  });
});

describe('POST /api/admin/logout', () => {
  const login = async () => (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token as string;

  it("ends this token on the server; the admin's other sign-ins stay valid", async () => {
    const here = await login();
    const otherBrowser = await login();
    const res = await s.call('POST', '/api/admin/logout', undefined, { token: here });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await s.call('GET', '/api/admin/me', undefined, { token: here })).body).toEqual({ error: 'admin_unauthorized', message: 'Admin session expired. Please log in again.' });
    expect((await s.call('GET', '/api/admin/me', undefined, { token: otherBrowser })).body).toEqual({ adminKey: 'ops' });
    // A second logout with the same token is refused like any call with it.
    expect((await s.call('POST', '/api/admin/logout', undefined, { token: here })).status).toBe(401);
  });

  it('keeps the token id on the deny list until the token would have expired, and writes the logout to the audit log', async () => {
    const token = await login();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await s.call('POST', '/api/admin/logout', undefined, { token, ip: '203.0.113.73' })).status).toBe(200);
    const denied = await s.db.db.selectFrom('admin_token_denylist').selectAll().where('jti', '=', payload.jti).executeTakeFirstOrThrow();
    expect(denied.expires_at.getTime()).toBe(payload.exp * 1000);
    const row = await s.db.db.selectFrom('admin_audit_log').select(['actor', 'action', 'outcome']).where('ip_address', '=', '203.0.113.73').executeTakeFirstOrThrow();
    expect(row).toEqual({ actor: 'ops', action: 'admin.logout', outcome: 'ok' });
  });

  it('is the admin.logout procedure over tRPC too, and refuses a call without a token', async () => {
    const token = await login();
    const res = await fetch(`${s.url}/trpc/admin.logout`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect((await s.call('GET', '/api/admin/me', undefined, { token })).status).toBe(401);
    expect((await s.call('POST', '/api/admin/logout')).body.error).toBe('admin_unauthorized');
  });

  it('refuses a token without an id (signed before logout existed): it could not be logged out', async () => {
    const { sharedSecret } = await import('@drape/db');
    const admin = await s.db.db.selectFrom('admins').select(['id', 'token_version']).where('admin_key', '=', 'ops').executeTakeFirstOrThrow();
    const key = new TextEncoder().encode(await sharedSecret(s.db.db, 'admin-jwt'));
    const noJti = await new SignJWT({ key: 'ops', ver: admin.token_version }).setProtectedHeader({ alg: 'HS256' }).setSubject(admin.id)
      .setAudience('drape-admin').setIssuedAt().setExpirationTime('1h').sign(key);
    expect((await s.call('GET', '/api/admin/me', undefined, { token: noJti })).status).toBe(401);
  });
});
