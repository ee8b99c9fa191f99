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
