import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_DURATION_BUCKETS_SECONDS, JOB_DURATION_BUCKETS_SECONDS, METRICS_REFUSAL, UNMATCHED_ROUTE_LABEL } from '@drape/contracts/observability';
import { ALL_QUEUES, readJobCounts, scheduleQueue } from '@drape/jobs';
import { buildApp } from './app';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from './testing/prometheus-text';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * Issue 16 §2: the server's /metrics after real work (a live Get My Look worked by a real pipeline
 * worker, a cron job), and who it answers. The jobs' figures come from the database, so they are
 * the fleet's: the worker here counts them, the server reads them.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { METRICS_TOKEN: TOKEN }, pipeline: true });
});
afterAll(() => s.close());

/** A scrape straight from this machine (the harness's `call` comes through the proxy: X-Forwarded-For). */
async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${s.url}/metrics`, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The cumulative buckets of a histogram series, by bound, checked to be a histogram's. */
function buckets(samples: Sample[], name: string, labels: Record<string, string>): Map<string, number> {
  const found = samplesOf(samples, `${name}_bucket`, labels);
  const byBound = new Map(found.map((b) => [b.labels.le!, b.value]));
  const values = [...byBound.values()];
  expect(values, `${name} buckets are cumulative`).toEqual([...values].sort((a, b) => a - b));
  expect(byBound.get('+Inf')).toBe(valueOf(samples, `${name}_count`, labels));
  return byBound;
}

describe('GET /metrics after a live Get My Look and a cron job', () => {
  let samples: Sample[];
  let requestSeconds: number;
  const cron = scheduleQueue('expired-rows');

  beforeAll(async () => {
    expect(await readJobCounts(s.db.db)).toEqual({ totals: [], durations: [] });
    // A cron job, as pg-boss's schedule sends it, worked by the pipeline worker.
    await s.pipeline!.boss.send(cron, { task: 'expired-rows' });
    const u = await s.register();
    const started = performance.now();
    const res = await s.call('POST', '/api/generate-outfit', { gender: 'female', trend: 'boho chic' }, { token: u.token });
    requestSeconds = (performance.now() - started) / 1000;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.source).toBe('live');
    await until(async () => (await readJobCounts(s.db.db)).totals.some((t) => t.queue === cron));
    const scraped = await scrape();
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(scraped.headers.get('cache-control')).toBe('no-store');
    samples = parsePrometheusText(scraped.text);
  }, 60_000);

  it('counts the generate job once by its outcome, and its duration', () => {
    expect(samplesOf(samples, 'drape_jobs_total', { queue: 'generate' })).toEqual([
      { name: 'drape_jobs_total', labels: { queue: 'generate', outcome: 'stored' }, value: 1 },
    ]);
    const generate = { queue: 'generate' };
    expect(valueOf(samples, 'drape_job_duration_seconds_count', generate)).toBe(1);
    const sum = valueOf(samples, 'drape_job_duration_seconds_sum', generate)!;
    // The job ran inside the request's time.
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(requestSeconds);
    const bounds = buckets(samples, 'drape_job_duration_seconds', generate);
    expect([...bounds.keys()]).toEqual([...JOB_DURATION_BUCKETS_SECONDS.map(String), '+Inf']);
    // The one observation sits in the first bucket at or above its duration.
    const first = JOB_DURATION_BUCKETS_SECONDS.find((b) => sum <= b);
    for (const b of JOB_DURATION_BUCKETS_SECONDS) expect(bounds.get(String(b)), `le=${b}`).toBe(first !== undefined && b >= first ? 1 : 0);
  });

  it("counts the cron job's attempt as completed, with its duration", () => {
    expect(valueOf(samples, 'drape_jobs_total', { queue: cron, outcome: 'completed' })).toBe(1);
    expect(valueOf(samples, 'drape_job_duration_seconds_count', { queue: cron })).toBe(1);
  });

  it('times the request by its route pattern, method and status', () => {
    const labels = { method: 'POST', route: '/api/generate-outfit', status_code: '200' };
    expect(valueOf(samples, 'http_request_duration_seconds_count', labels)).toBe(1);
    const took = valueOf(samples, 'http_request_duration_seconds_sum', labels)!;
    expect(took).toBeGreaterThan(0);
    expect(took).toBeLessThanOrEqual(requestSeconds);
    expect([...buckets(samples, 'http_request_duration_seconds', labels).keys()]).toEqual([...HTTP_DURATION_BUCKETS_SECONDS.map(String), '+Inf']);
    // The sign-up's calls: a pattern with its parameter, never the address.
    expect(valueOf(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/bot-check', status_code: '200' })).toBe(1);
  });

  it('reports the looks, the queues and the workers as the database has them', async () => {
    const stored = await s.db.db.selectFrom('generated_images').select(['status']).execute();
    expect(valueOf(samples, 'drape_looks', { status: 'viewable' })).toBe(stored.filter((r) => r.status === 'viewable').length);
    expect(valueOf(samples, 'drape_looks', { status: 'viewable' })).toBe(1);
    expect(valueOf(samples, 'drape_looks', { status: 'lookbook' })).toBe(0);
    expect(valueOf(samples, 'drape_looks', { status: 'archived' })).toBe(0);
    expect(samplesOf(samples, 'drape_queue_size').map((q) => q.labels.queue).sort()).toEqual([...ALL_QUEUES].sort());
    expect(valueOf(samples, 'drape_queue_size', { queue: 'generate' })).toBe(0);
    expect(Object.fromEntries(samplesOf(samples, 'drape_workers').map((w) => [w.labels.status, w.value]))).toEqual({ running: 1, error: 0, offline: 0 });
    expect(valueOf(samples, 'drape_metrics_database_up')).toBe(1);
  });

  it("shows the pools' use (the app's and pg-boss's) and the process's own figures", () => {
    expect(valueOf(samples, 'drape_db_pool_max_connections', { pool: 'app' })).toBe(10);
    expect(valueOf(samples, 'drape_db_pool_max_connections', { pool: 'queue' })).toBe(3);
    for (const pool of ['app', 'queue']) {
      expect(valueOf(samples, 'drape_db_pool_connections', { pool })).toBeGreaterThan(0);
      expect(valueOf(samples, 'drape_db_pool_idle_connections', { pool })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'drape_db_pool_waiting_requests', { pool })).toBe(0);
    }
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(samplesOf(samples, name).length, name).toBeGreaterThan(0);
    }
  });
});

describe('docs/metrics/grafana-dashboard.json', () => {
  it('charts only metrics the server exposes, each by labels it has', async () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(root, 'docs/metrics/grafana-dashboard.json'), 'utf8')) as { panels: { targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(exprs.length).toBeGreaterThan(10);
    const exposed = parsePrometheusText((await scrape()).text);
    const names = new Set(exposed.map((x) => x.name));
    const labels = new Set(exposed.flatMap((x) => Object.keys(x.labels)));
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b(?:http|drape|process|nodejs)_[a-z0-9_]+/g)].map((m) => m[0])));
    expect([...used].filter((n) => !names.has(n)), 'metrics the dashboard charts that the server does not expose').toEqual([]);
    // The labels it groups and filters by (PromQL's own `le` and Prometheus's `job`/`instance` aside).
    const grouped = new Set(exprs.flatMap((e) => [...e.matchAll(/\b(?:by|without) \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()))));
    expect([...grouped].filter((l) => !labels.has(l) && !['instance', 'job'].includes(l))).toEqual([]);
  });
});

describe('the request histogram', () => {
  it('gives every request no route matched one label, whatever its address', async () => {
    const before = parsePrometheusText((await scrape()).text);
    const unmatched = { method: 'GET', route: UNMATCHED_ROUTE_LABEL, status_code: '404' };
    const was = valueOf(before, 'http_request_duration_seconds_count', unmatched) ?? 0;
    for (const path of ['/api/no-such-path-1', '/api/no-such-path-2', '/no/such/page', '/api/a%20b']) expect((await fetch(`${s.url}${path}`)).status).toBe(404);
    const text = (await scrape()).text;
    expect(text).not.toContain('no-such');
    expect(valueOf(parsePrometheusText(text), 'http_request_duration_seconds_count', unmatched)).toBe(was + 4);
  });
});

describe('who /metrics answers', () => {
  const refused = async (headers: Record<string, string>) => {
    const res = await scrape(headers);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({ status: 401, body: METRICS_REFUSAL });
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(res.headers.get('cache-control')).toBe('no-store');
  };

  it('answers a caller on this machine; through a proxy, even one forwarding a loopback address, only with the token', async () => {
    expect((await scrape()).status).toBe(200);
    // TRUST_PROXY is on here: the forwarded address would be the client's, and is still no key.
    await refused({ 'x-forwarded-for': '127.0.0.1' });
    await refused({ forwarded: 'for=127.0.0.1' });
    await refused({ 'x-real-ip': '::1' });
    await refused({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}x` });
    await refused({ 'x-forwarded-for': '203.0.113.9', authorization: TOKEN });
    const withToken = await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('# TYPE drape_jobs_total counter');
  });

  it('is not served at all with METRICS=off', async () => {
    const app = await buildApp({ services: { ...s.services, config: { ...s.config, METRICS: false } }, serveApps: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
