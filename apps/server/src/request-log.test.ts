import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * The server's lines as the process writes them (the harness captures its real logger, JSON): one
 * line per request at debug, with the request's id, and that id on every line logged for it.
 */
describe('at LOG_LEVEL=debug', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => s.close());

  it('logs one line per request: role, reqId, method, path without its query, route, status and time', async () => {
    const before = s.logs.length;
    expect((await s.call('GET', '/api/version?token=not-for-the-log')).status).toBe(200);
    const lines = s.logs.slice(before).filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'debug', role: 'server', reqId: expect.any(String), method: 'GET', path: '/api/version', route: '/api/version', status: 200, ms: expect.any(Number) });
    expect(JSON.stringify(s.logs)).not.toContain('not-for-the-log');
  });

  it('puts the request\'s id on the lines logged while handling it (the mail shown in development)', async () => {
    const u = await s.register();
    const before = s.logs.length;
    expect((await s.call('POST', '/api/auth/forgot-password', { email: u.email })).status).toBe(200);
    const lines = s.logs.slice(before);
    const request = lines.find((l) => l.msg === 'request' && l.path === '/api/auth/forgot-password')!;
    const mail = lines.find((l) => l.msg?.startsWith(`[mail] to ${u.email}: `))!;
    expect(mail).toMatchObject({ level: 'info', role: 'server', reqId: request.reqId });
    // Each request has an id of its own.
    expect(new Set(s.logs.filter((l) => l.msg === 'request').map((l) => l.reqId)).size).toBe(s.logs.filter((l) => l.msg === 'request').length);
  });
});

describe('at LOG_LEVEL=info (the default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('writes no line for a request that went well', async () => {
    expect(s.config.LOG_LEVEL).toBe('info');
    const before = s.logs.length;
    expect((await s.call('GET', '/api/version')).status).toBe(200);
    expect((await s.call('GET', '/api/no-such-route')).status).toBe(404);
    expect(s.logs.slice(before)).toEqual([]);
  });
});
