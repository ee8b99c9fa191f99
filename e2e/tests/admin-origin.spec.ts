import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ADMIN_KEY, ADMIN_PASSWORD, submitAdminLogin } from '../helpers/admin';

/**
 * ADMIN_ORIGIN, as production should run it: a second server over the e2e database, started with
 * the admin app on an origin of its own (a second port). The admin signs in, works and logs out
 * there; the user app's origin has no admin app, and its pages cannot read the admin's token.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess;
let mainOrigin: string;
let adminOrigin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [port, adminPort] = [await freePort(), await freePort()];
  mainOrigin = `http://127.0.0.1:${port}`;
  adminOrigin = `http://127.0.0.1:${adminPort}`;
  const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, DRAPE_PREPARED: '1', PORT: String(port), HOST: '127.0.0.1', ADMIN_ORIGIN: adminOrigin };
  server = fork(path.join(root, 'apps/server/src/main.ts'), [], { cwd: root, env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    server.on('message', (m: { type?: string }) => m?.type === 'listening' && resolve());
    server.once('exit', (code) => reject(new Error(`the ADMIN_ORIGIN server exited (${code}) before listening`)));
  });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
});

test('the admin app on its own origin: sign in, work, log out; nothing of it on the user app\'s origin', async ({ page, context }) => {
  await page.goto(`${adminOrigin}/`);
  await expect(page).toHaveURL(`${adminOrigin}/backstage-login`);
  const calls: string[] = [];
  page.on('request', (req) => calls.push(req.url()));
  await submitAdminLogin(page, ADMIN_KEY, ADMIN_PASSWORD);
  await expect(page).toHaveURL(`${adminOrigin}/backstage`);
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN_KEY}` })).toBeVisible();
  // A screen that reads from the API: its calls go to the admin origin, never the main one.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('admin.login');
  const apiCalls = calls.filter((u) => u.includes('/trpc/') || u.includes('/api/'));
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((u) => !u.startsWith(`${adminOrigin}/`))).toEqual([]);
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  expect(token).toBeTruthy();

  // The user app's origin: no admin app, no admin API, and its pages cannot read the admin's storage.
  const userPage = await context.newPage();
  await userPage.goto(`${mainOrigin}/backstage-login`);
  await expect(userPage.getByRole('heading', { name: 'Admin login' })).toHaveCount(0);
  expect(await userPage.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  expect((await userPage.request.get(`${mainOrigin}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(404);

  // Logout ends the token on the server.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${adminOrigin}/backstage-login`);
  expect((await page.request.get(`${adminOrigin}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});
