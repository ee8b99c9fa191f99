import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@drape/config';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { createBotCheck } from './bot-check';

/** A stand-in for Cloudflare's siteverify endpoint: form-encoded secret, response and remoteip. */
let server: http.Server;
let verifyUrl: string;
let db: TestDatabase;
const seen: URLSearchParams[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const ok = form.get('secret') === 'turnstile-secret' && form.get('response') === 'good-token';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? { success: true, 'error-codes': [] } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await db.drop();
});

describe('bot check with TURNSTILE_SECRET_KEY', () => {
  const config = loadConfig({ TURNSTILE_SECRET_KEY: 'turnstile-secret', TURNSTILE_SITE_KEY: 'site-key' });

  it('offers the Turnstile site key instead of an ALTCHA challenge', async () => {
    expect(await createBotCheck(db.db, config, verifyUrl).challenge()).toEqual({ provider: 'turnstile', siteKey: 'site-key' });
  });

  it('verifies the token with siteverify, sending the secret and the client address', async () => {
    const check = createBotCheck(db.db, config, verifyUrl);
    expect(await check.verify('good-token', '203.0.113.5')).toBe(true);
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({ secret: 'turnstile-secret', response: 'good-token', remoteip: '203.0.113.5' });
    expect(await check.verify('bad-token', null)).toBe(false);
  });

  it('fails closed when siteverify cannot be reached', async () => {
    expect(await createBotCheck(db.db, config, 'http://127.0.0.1:9/siteverify').verify('good-token', null)).toBe(false);
  });
});

describe('bot check without it (ALTCHA)', () => {
  it('offers a classic ALTCHA challenge sized by ALTCHA_MAX_NUMBER', async () => {
    const c = await createBotCheck(db.db, loadConfig({ ALTCHA_MAX_NUMBER: '5000' })).challenge();
    expect(c).toMatchObject({ provider: 'altcha', algorithm: 'SHA-256', maxnumber: 5000 });
    expect(c.salt).toMatch(/expires=\d+/);
  });
});
