import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** The e2e run's administrator (scripts/test.ts sets ADMIN_KEY and ADMIN_PASSWORD for the server). */
export const ADMIN_KEY = 'e2e-admin';
export const ADMIN_PASSWORD = 'e2e-admin-password';
export const ADMIN_BASE = '/backstage';

export async function submitAdminLogin(page: Page, key: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Admin Key').fill(key);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in through the admin login form and lands on the dashboard ({base}). */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto(`${ADMIN_BASE}-login`);
  await submitAdminLogin(page, ADMIN_KEY, ADMIN_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}(\\?.*)?$`));
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
}

/** An admin token from the API, for tests that set state up without the screens. */
export async function adminToken(baseURL: string): Promise<string> {
  const res = await fetch(new URL('/api/admin/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ adminKey: ADMIN_KEY, password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Another admin, made as an operator makes one (`npm run drape -- admin create`) on the e2e
 * server's database: a test that locks a key locks its own, never the suite's.
 */
export function createAdminViaCli(adminKey: string, password: string): void {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run the suite with `npm test -- e2e`)');
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'pipeline/src/cli.ts'), 'admin', 'create', adminKey, '--password', password], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, DRAPE_PREPARED: '1', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`admin create ${adminKey} failed (${res.status}): ${res.stderr}`);
}
