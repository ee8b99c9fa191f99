import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedUsername } from '@drape/contracts';
import { buildApp } from './app';
import { WEB_DIST } from './static-apps';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * A username that is a top-level path of the server would make its referral link `/{username}`
 * open that path: every path the server registers (Fastify's onRoute), and every file or folder of
 * the built web app it serves, is a reserved username. A new route without its word in contracts'
 * RESERVED_USERNAMES fails here.
 */
// Short enough that its -login is a well-formed username (20 characters at most).
const ADMIN_BASE_PATH = '/office-7f3k';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { ADMIN_BASE_PATH }, serveApps: true });
});
afterAll(() => s.close());

/** The first segment of a path, when it is a word a username could be (not a parameter, a wildcard or a file). */
function topLevelWord(url: string): string | null {
  const first = url.split('/')[1] ?? '';
  return /^[A-Za-z0-9_-]+$/.test(first) ? first : null;
}

describe("the server's routes", () => {
  it('are each a reserved username, the configured admin base path and its -login too', async () => {
    const urls: string[] = [];
    // The same app as the server's, with the apps served (their routes registered), in another instance.
    const app = await buildApp({ services: s.services, serveApps: true, onRoute: (route) => urls.push(route.url) });
    await app.ready();
    await app.close();
    const words = new Set(urls.map(topLevelWord).filter((w): w is string => w !== null));
    // The built web app's files are routes too (served by name, not by a wildcard).
    if (fs.existsSync(WEB_DIST)) for (const entry of fs.readdirSync(WEB_DIST)) if (topLevelWord(`/${entry}`)) words.add(entry);
    // What the server registers today, as a check on the listing itself.
    for (const w of ['api', 'trpc', 'media', 'healthz', 'readyz', 'metrics', 'outfit', ADMIN_BASE_PATH.slice(1), `${ADMIN_BASE_PATH.slice(1)}-login`]) expect(words).toContain(w);
    expect([...words].filter((w) => !isReservedUsername(w, s.config.ADMIN_BASE_PATH))).toEqual([]);
  });
});

describe('sign-up with a route name', () => {
  it('is refused for the configured admin base path and its -login, in any case; the check says reserved', async () => {
    for (const username of ['office-7f3k', 'Office-7F3K-Login', 'healthz', 'readyz', 'Metrics', 'media']) {
      const res = await s.call('POST', '/api/auth/register', {
        email: `${username.toLowerCase()}@example.com`, password: 'long enough pw', username, firstName: 'R', lastName: 'N', turnstileToken: await s.solveBotCheck(),
      });
      expect({ username, status: res.status, body: res.body }).toEqual({ username, status: 400, body: { error: 'invalid_username', message: 'This username is reserved' } });
      expect((await s.call('GET', `/api/auth/check-username/${username}`)).body).toEqual({ available: false, message: 'This username is reserved' });
    }
  });
});
