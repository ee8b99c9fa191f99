import { expect, test, type Page } from '@playwright/test';
import { ADMIN_BASE, adminToken, loginAsAdmin } from '../helpers/admin';

/**
 * Batch Generation: an admin starts a small sequential batch and watches the real pipeline work it
 * to completed; Cancel is offered only while a batch runs. The pipeline is shared by every spec:
 * this one waits for a batch already running (the starter set) and leaves none running.
 */
interface Job {
  id: string;
  status: string;
}

async function batchJobs(baseURL: string, token: string): Promise<Job[]> {
  const res = await fetch(new URL('/api/admin/batch-jobs', baseURL), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`batch-jobs: ${res.status}`);
  return ((await res.json()) as { jobs: Job[] }).jobs;
}

async function cancelRunning(baseURL: string, token: string, since: Set<string>): Promise<void> {
  for (const job of await batchJobs(baseURL, token)) {
    if (job.status !== 'running' || since.has(job.id)) continue;
    await fetch(new URL(`/api/admin/batch-jobs/${job.id}/cancel`, baseURL), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  }
}

const progressOf = async (page: Page) => Number(await page.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow'));

test.describe('admin Batch Generation', () => {
  let token = '';
  let before = new Set<string>();

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(300_000);
    token = await adminToken(baseURL!);
    // A batch another part started (the pipeline's starter set) is left to finish.
    await expect.poll(async () => (await batchJobs(baseURL!, token)).some((j) => j.status === 'running'), { timeout: 280_000, intervals: [2000] }).toBe(false);
    before = new Set((await batchJobs(baseURL!, token)).map((j) => j.id));
  });

  test.afterAll(async ({ baseURL }) => {
    // Nothing this spec started is left running for the specs after it.
    if (token) await cancelRunning(baseURL!, token, before);
  });

  test('starts a sequential batch and watches it reach completed; Cancel only while running', async ({ page }) => {
    test.setTimeout(360_000);
    await loginAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Batch Generation' }).click();
    await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}\\?tab=batch-generation$`));
    await expect(page.getByRole('heading', { name: 'Batch Generation' })).toBeVisible();
    const cancel = page.getByRole('button', { name: 'Cancel batch' });
    const status = page.getByTestId('batch-status');
    const counts = page.getByTestId('batch-counts');
    // Whatever ran before has ended: nothing to cancel.
    await expect(cancel).toHaveCount(0);

    await page.getByLabel('Limit per cycle (optional)').fill('3');
    await page.getByRole('button', { name: 'Start Sequential Batch' }).click();
    await expect(page.getByText('Sequential batch started', { exact: true })).toBeVisible();
    await expect(status).toHaveText('Active');
    await expect(cancel).toBeVisible();
    await expect(counts).toContainText('of 3 combinations');
    // No second batch while this one runs.
    await expect(page.getByRole('button', { name: 'Start Sequential Batch' })).toBeDisabled();

    // The bar and the counts move as the pipeline ends entries (polled every 2 s), up to completed.
    await expect.poll(() => progressOf(page), { timeout: 240_000, intervals: [1000] }).toBeGreaterThan(0);
    await expect(status).toHaveText('Completed', { timeout: 240_000 });
    await expect(counts).toHaveText('3 of 3 combinations · 100%');
    expect(await progressOf(page)).toBe(100);
    await expect(cancel).toHaveCount(0);
    // The metrics grid: every entry was sent once and rendered once (stored or blocked).
    await expect(page.getByTestId('metric-commandsSent').locator('dd')).toHaveText('3');
    await expect(page.getByTestId('metric-imagesGenerated').locator('dd')).toHaveText('3');

    // Another small batch, cancelled from the screen while it runs.
    await page.getByLabel('Limit per cycle (optional)').fill('2');
    await page.getByRole('button', { name: 'Start Sequential Batch' }).click();
    await expect(status).toHaveText('Active');
    await cancel.click();
    await expect(status).toHaveText('Cancelled');
    await expect(cancel).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start Sequential Batch' })).toBeEnabled();
  });
});
