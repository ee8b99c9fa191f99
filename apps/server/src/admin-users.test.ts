import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@drape/auth';
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  await bootstrapAdmin(s.db.db, 'ops', 'correct horse');
  admin = (await s.call('POST', '/api/admin/login', { adminKey: 'ops', password: 'correct horse' })).body.token;
});
afterAll(() => s.close());

const auditRows = (action: string) => s.db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('POST /api/admin/create-test-users', () => {
  it('makes one test user per tier, who can sign in with the password shown once', async () => {
    const res = await s.call('POST', '/api/admin/create-test-users', undefined, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const users = res.body.users as { tier: string; username: string; email: string; password: string }[];
    expect(users.map((u) => u.tier)).toEqual(['enthusiast', 'stylist', 'collector', 'fashion_icon']);
    expect(users.map((u) => u.username)).toEqual([
      expect.stringMatching(/^test_enthusiast_[a-z0-9]{4}$/), expect.stringMatching(/^test_stylist_[a-z0-9]{4}$/),
      expect.stringMatching(/^test_collector_[a-z0-9]{4}$/), expect.stringMatching(/^test_icon_[a-z0-9]{4}$/),
    ]);
    for (const u of users) {
      expect(u.password.length).toBeGreaterThanOrEqual(20);
      const row = await s.db.db.selectFrom('users').selectAll().where('username', '=', u.username).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tier: u.tier, is_test: true, email: u.email });
      expect(row.password_hash).not.toContain(u.password);
      const login = await s.call('POST', '/api/auth/login', { email: u.email, password: u.password });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.user.tier).toBe(u.tier);
    }
    // The Fashion Icon test user has the LookBook (settings-and-admin §3: "the Icon test user can access the LookBook").
    const icon = users.find((u) => u.tier === 'fashion_icon')!;
    const token = (await s.call('POST', '/api/auth/login', { email: icon.email, password: icon.password })).body.token;
    expect((await s.call('GET', '/api/siims/lookbook', undefined, { token })).status).toBe(200);
    const enthusiast = users.find((u) => u.tier === 'enthusiast')!;
    const plain = (await s.call('POST', '/api/auth/login', { email: enthusiast.email, password: enthusiast.password })).body.token;
    expect((await s.call('GET', '/api/siims/lookbook', undefined, { token: plain })).status).toBe(403);

    // Every call makes a new set; the passwords are never written to the log.
    const again = await s.call('POST', '/api/admin/create-test-users', undefined, { token: admin });
    expect(new Set([...users, ...again.body.users].map((u: { username: string }) => u.username)).size).toBe(8);
    const [row] = await auditRows('admin.users.createTestUsers');
    expect(row).toMatchObject({ actor: 'ops', actor_kind: 'admin' });
    // The allowlist keeps each test user's username and tier, nothing else of the answer.
    const logged = JSON.stringify(row!.details);
    for (const u of again.body.users as { password: string; email: string }[]) {
      expect(logged).not.toContain(u.password);
      expect(logged).not.toContain(u.email);
    }
    expect(row!.details).toEqual({ input: null, result: { users: again.body.users.map((u: { username: string; tier: string }) => ({ username: u.username, tier: u.tier })) } });
  });
});

describe('GET /api/admin/users', () => {
  it('lists newest sign-ups first with their sessions, searches prefixes, filters tier and test users, pages by cursor', async () => {
    const ada = await s.register({ username: 'ada_prefix1', email: 'ada.prefix1@example.com' });
    await s.call('POST', '/api/auth/login', { email: ada.email, password: ada.password });
    const bob = await s.register({ username: 'bob_prefix2', email: 'zed_prefix2@example.com' });
    const list = await s.call('GET', '/api/admin/users', undefined, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.users[0]).toMatchObject({ id: bob.user.id, username: 'bob_prefix2', tier: 'enthusiast', isTest: false, activeSessions: 1 });
    expect(list.body.users[1]).toMatchObject({ id: ada.user.id, activeSessions: 2, lastActiveAt: expect.any(String), createdAt: expect.any(String) });
    const times = list.body.users.map((u: { createdAt: string }) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    // Username prefix or email prefix, any case; a _ or % in the search is taken literally.
    expect((await s.call('GET', '/api/admin/users?search=ADA_', undefined, { token: admin })).body.users.map((u: { id: string }) => u.id)).toEqual([ada.user.id]);
    expect((await s.call('GET', '/api/admin/users?search=zed_', undefined, { token: admin })).body.users.map((u: { id: string }) => u.id)).toEqual([bob.user.id]);
    expect((await s.call('GET', '/api/admin/users?search=a%25', undefined, { token: admin })).body.users).toEqual([]);
    expect((await s.call('GET', '/api/admin/users?search=prefix', undefined, { token: admin })).body.users).toEqual([]);

    const icons = (await s.call('GET', '/api/admin/users?tier=fashion_icon', undefined, { token: admin })).body.users;
    expect(icons.length).toBeGreaterThanOrEqual(2);
    expect(icons.every((u: { tier: string; isTest: boolean }) => u.tier === 'fashion_icon' && u.isTest)).toBe(true);
    const real = (await s.call('GET', '/api/admin/users?isTest=false', undefined, { token: admin })).body.users;
    expect(real.map((u: { id: string }) => u.id)).toEqual([bob.user.id, ada.user.id]);
    const tests = (await s.call('GET', '/api/admin/users?isTest=true&limit=20', undefined, { token: admin })).body;
    expect(tests.users).toHaveLength(8);
    expect(tests.nextCursor).toBeNull();

    // Pages of 20 walk every user once, even the test users made in one transaction (one timestamp).
    for (let i = 0; i < 14; i++) await s.db.db.insertInto('users').values({ email: `bulk${i}@example.com`, username: `bulk${i}`, first_name: 'B', last_name: 'K', password_hash: 'x' }).execute();
    const first = (await s.call('GET', '/api/admin/users?limit=20', undefined, { token: admin })).body;
    expect(first.users).toHaveLength(20);
    const second = (await s.call('GET', `/api/admin/users?limit=20&cursor=${encodeURIComponent(first.nextCursor)}`, undefined, { token: admin })).body;
    const all = [...first.users, ...second.users].map((u: { id: string }) => u.id);
    expect(second.nextCursor).toBeNull();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(Number((await s.db.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['tier=emperor', 'limit=5', 'limit=51', 'cursor=nope', 'isTest=maybe']) {
      const res = await s.call('GET', `/api/admin/users?${q}`, undefined, { token: admin });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_input', message: expect.any(String) });
    }
  });
});

describe('POST /api/admin/users/:userId/end-sessions', () => {
  it("ends every session of that user (their tokens get 401), others keep theirs, and the log names the user", async () => {
    const victim = await s.register();
    const second = (await s.call('POST', '/api/auth/login', { email: victim.email, password: victim.password })).body.token;
    const bystander = await s.register();
    const res = await s.call('POST', `/api/admin/users/${victim.user.id}/end-sessions`, undefined, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { ended: 2 } });
    for (const token of [victim.token, second]) expect((await s.call('GET', '/api/user/profile', undefined, { token })).status).toBe(401);
    expect((await s.call('GET', '/api/user/profile', undefined, { token: bystander.token })).status).toBe(200);
    const [row] = await auditRows('admin.users.endSessions');
    expect(row).toMatchObject({ actor: 'ops', target_type: 'user', target_id: victim.user.id });
    expect(row!.details).toMatchObject({ result: { ended: 2 } });
    // Again: nothing left to end.
    expect((await s.call('POST', `/api/admin/users/${victim.user.id}/end-sessions`, undefined, { token: admin })).body).toEqual({ ended: 0 });
  });

  it('answers 404 for an unknown user and 400 for a malformed id, and logs neither', async () => {
    const before = (await auditRows('admin.users.endSessions')).length;
    expect((await s.call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000009/end-sessions', undefined, { token: admin })).status).toBe(404);
    expect((await s.call('POST', '/api/admin/users/not-a-user/end-sessions', undefined, { token: admin })).body).toMatchObject({ error: 'invalid_input' });
    expect((await auditRows('admin.users.endSessions')).length).toBe(before);
  });
});
