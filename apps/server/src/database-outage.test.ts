import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '@drape/auth';
import { APP_ERRORS } from '@drape/contracts';
import { createDb } from '@drape/db';
import { startTcpRelay, type TcpRelay } from '@drape/db/testing';
import { createLiveGeneration } from '@drape/jobs';
import { captureLog } from '@drape/log/testing';
import { buildApp } from './app';
import { createServices } from './services';
import { parsePrometheusText, samplesOf, valueOf } from './testing/prometheus-text';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * A server whose database goes away (the network to it cut, as a host that restarts or fails over):
 * every call answers 503 `service_unavailable` with the contract's body, quickly, never a 500 or a
 * hang; the server process lives on, and answers again by itself once the database is back.
 */
let s: TestServer;
let relay: TcpRelay;
let base: string;
let close: () => Promise<void>;
let outage: () => boolean;
const logged = captureLog();

beforeAll(async () => {
  s = await startTestServer();
  relay = await startTcpRelay(s.db.url);
  const handle = createDb(relay.url, 5, logged.log);
  const generation = await createLiveGeneration(relay.url, handle.db, logged.log);
  const app = await buildApp({ services: createServices(handle, s.config, logged.log, generation, s.storage, createMailer(handle.db, s.config, logged.log)), serveApps: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  outage = () => app.databaseWatch.down();
  close = async () => {
    await app.close();
    await generation.close();
    await handle.close();
    await relay.close();
  };
});
afterAll(async () => {
  await close();
  await s.close();
});

async function timed(path: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'x-forwarded-for': '198.51.100.20', ...init.headers } });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, any>, ms: Date.now() - started, retryAfter: res.headers.get('retry-after') };
}

describe('while the database cannot be reached', () => {
  it('answers 503 service_unavailable on REST, tRPC and readiness (liveness holds), and recovers by itself', async () => {
    const u = await s.register();
    const auth = { authorization: `Bearer ${u.token}` };
    expect((await timed('/api/user/profile', { headers: auth })).status).toBe(200);

    await relay.cut();
    const rest = await timed('/api/user/profile', { headers: auth });
    expect(rest).toMatchObject({ status: 503, body: { error: 'service_unavailable', message: APP_ERRORS.service_unavailable.message }, retryAfter: '5' });
    expect(rest.ms).toBeLessThan(10_000);
    const write = await timed('/api/user/profile', { method: 'PATCH', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ bio: 'written while down' }) });
    expect(write).toMatchObject({ status: 503, body: { error: 'service_unavailable' } });
    const trpc = await timed('/trpc/user.profile', { headers: auth });
    expect(trpc.status).toBe(503);
    expect(trpc.body.error).toMatchObject({ message: APP_ERRORS.service_unavailable.message, data: { appCode: 'service_unavailable', httpStatus: 503 } });
    expect(JSON.stringify(trpc.body)).not.toContain('stack');
    const signIn = await timed('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: u.email, password: u.password }) });
    expect(signIn).toMatchObject({ status: 503, body: { error: 'service_unavailable' } });
    // A route outside the procedures, which reads the database itself (Fastify's error handler).
    const preview = await fetch(`${base}/outfit/${crypto.randomUUID()}`);
    expect(preview.status).toBe(503);
    expect(await preview.json()).toEqual({ error: 'service_unavailable', message: APP_ERRORS.service_unavailable.message });
    // Liveness holds (a restart would not bring the database back); readiness says why not, at once.
    expect(await timed('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const notReady = await timed('/readyz');
    expect(notReady).toMatchObject({ status: 503, body: { status: 'not ready', checks: { database: 'unreachable', migrations: 'unknown', imageStore: 'ok', queue: 'unknown' } } });
    expect(notReady.ms).toBeLessThan(3_000);
    // A scrape still answers, with what it can report: the process and its requests, not the fleet.
    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    const samples = parsePrometheusText(await scrape.text());
    expect(valueOf(samples, 'drape_metrics_database_up')).toBe(0);
    expect(samplesOf(samples, 'drape_jobs_total')).toEqual([]);
    expect(samplesOf(samples, 'drape_looks')).toEqual([]);
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/user/profile', status_code: '503' })).toBe(1);
    expect(samplesOf(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    // Reported once for the whole outage, not once per refused call, and never as a failed request.
    expect(outage()).toBe(true);
    expect(logged.lines.filter((l) => /database unavailable/.test(l.msg ?? '')).map((l) => l.level)).toEqual(['warn']);
    expect(logged.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);

    await relay.mend();
    const started = Date.now();
    let back = await timed('/api/user/profile', { headers: auth });
    while (back.status !== 200 && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      back = await timed('/api/user/profile', { headers: auth });
    }
    expect(back.status).toBe(200);
    while (outage() && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(outage()).toBe(false);
    let ready = await timed('/readyz');
    while (ready.status !== 200 && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await timed('/readyz');
    }
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(logged.messages().filter((m) => /database reachable again/.test(m))).toHaveLength(1);
    // The write refused while it was down changed nothing.
    const row = await s.db.db.selectFrom('users').select('bio').where('id', '=', u.user.id).executeTakeFirstOrThrow();
    expect(row.bio).not.toBe('written while down');
  });
});
