import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const SAME_ANSWER = { success: true, message: "If an account exists with this email, you'll receive a password reset link shortly." };

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown email, and mails a link only to the known one', async () => {
    const u = await s.register();
    const known = await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const unknown = await s.call('POST', '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known).toMatchObject({ status: 200, body: SAME_ANSWER });
    expect(unknown).toMatchObject({ status: 200, body: SAME_ANSWER });
    expect(await s.resetLinkFor(u.email)).toMatch(/\/reset-password\?token=[a-z2-7]{32}$/);
    expect(await s.resetLinkFor('ghost@example.com')).toBeNull();
    // Without SMTP_URL the development console shows the mail; the outbox records it without its body.
    expect(s.mails.some((line) => line.includes(u.email) && line.includes('reset-password?token='))).toBe(true);
    expect(await s.db.db.selectFrom('mail_outbox').select(['kind', 'body_text', 'body_html']).where('recipient', '=', u.email).execute())
      .toEqual([{ kind: 'password_reset', body_text: null, body_html: null }]);
  });

  it('never keeps a reset link in the outbox in plain text', async () => {
    const u = await s.register();
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    const dump = JSON.stringify(await s.db.db.selectFrom('mail_outbox').selectAll().execute());
    expect(dump).not.toContain(token);
    expect(dump).not.toContain('reset-password?token=');
  });

  it('keeps the token hashed at rest', async () => {
    const u = await s.register();
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    const rows = await s.db.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('resets once with the link: old password and old sessions end, the new password works', async () => {
    const u = await s.register();
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    const weak = await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { error: 'weak_password', message: 'Password must be at least 8 characters long.' } });
    const ok = await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'brand new secret' });
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: u.email, password: 'brand new secret' })).status).toBe(200);
    const again = await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'another secret' });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_token', message: 'This reset link has expired or is invalid. Please request a new one.' } });
  });

  it('refuses an unknown or expired token with invalid_token', async () => {
    expect((await s.call('POST', '/api/auth/reset-password', { token: 'nope', newPassword: 'long enough' })).body.error).toBe('invalid_token');
    const u = await s.register();
    await s.call('POST', '/api/auth/forgot-password', { email: u.email });
    const token = new URL((await s.resetLinkFor(u.email))!).searchParams.get('token')!;
    await s.db.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('user_id', '=', u.user.id).execute();
    expect((await s.call('POST', '/api/auth/reset-password', { token, newPassword: 'long enough' })).body.error).toBe('invalid_token');
  });

  it('rate limits forgot-password per address', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 10; i++) expect((await s.call('POST', '/api/auth/forgot-password', { email: `x${i}@example.com` }, { ip })).status).toBe(200);
    expect((await s.call('POST', '/api/auth/forgot-password', { email: 'y@example.com' }, { ip })).body.error).toBe('rate_limited');
  });

  it('mails an email at most 5 times an hour, answering the same afterwards', async () => {
    const u = await s.register();
    for (let i = 0; i < 7; i++) expect((await s.call('POST', '/api/auth/forgot-password', { email: u.email })).body).toEqual(SAME_ANSWER);
    const sent = await s.db.db.selectFrom('mail_outbox').select('id').where('recipient', '=', u.email).execute();
    expect(sent).toHaveLength(5);
  });
});

describe('POST /api/user/change-password', () => {
  it('refuses a wrong current password and a weak new one, then changes it and ends the other sessions', async () => {
    const u = await s.register();
    const other = (await s.call('POST', '/api/auth/login', { email: u.email, password: u.password })).body.token;
    const wrong = await s.call('POST', '/api/user/change-password', { currentPassword: 'nope nope', newPassword: 'a fine password' }, { token: u.token });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_current_password' } });
    const weak = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'short' }, { token: u.token });
    expect(weak).toMatchObject({ status: 400, body: { error: 'weak_password' } });
    const ok = await s.call('POST', '/api/user/change-password', { currentPassword: u.password, newPassword: 'a fine password' }, { token: u.token });
    expect(ok.status).toBe(200);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(200);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: other })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/login', { email: u.email, password: 'a fine password' })).status).toBe(200);
  });
});

describe('DELETE /api/user/delete-account', () => {
  it('refuses a wrong password or a wrong confirmation word and changes nothing', async () => {
    const u = await s.register();
    const wrong = await s.call('DELETE', '/api/user/delete-account', { password: 'wrong one', confirmation: 'DELETE' }, { token: u.token });
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_password' } });
    const word = await s.call('DELETE', '/api/user/delete-account', { password: u.password, confirmation: 'delete' }, { token: u.token });
    expect(word).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const row = await s.db.db.selectFrom('users').select('deletion_requested_at').where('id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(row.deletion_requested_at).toBeNull();
  });

  it('soft-deletes with a 30-day grace, signs out everywhere, and logging in cancels it', async () => {
    const u = await s.register();
    const res = await s.call('DELETE', '/api/user/delete-account', { password: u.password, confirmation: 'DELETE' }, { token: u.token });
    expect(res.status).toBe(200);
    const days = (new Date(res.body.purgeAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: u.token })).status).toBe(401);
    const back = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ deletionCancelled: true, message: 'Welcome back! Your account deletion has been cancelled.' });
    expect(back.body.user.deletionRequestedAt).toBeNull();
  });

  it('answers already_deleted when a second request races the first', async () => {
    const u = await s.register();
    const results = await Promise.all([1, 2, 3].map(() => s.call('DELETE', '/api/user/delete-account', { password: u.password }, { token: u.token })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(['already_deleted', 'unauthorized']).toContain(r.body.error);
  });
});
