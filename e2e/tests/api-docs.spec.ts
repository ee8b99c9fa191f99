import { expect, test } from '@playwright/test';

/**
 * /api/docs in a browser: the API reference renders under the page's own policy, loading nothing
 * from another origin (the machine has no internet at run time; a CDN script would leave it blank).
 */
test('the API reference renders the OpenAPI document, from our origin only, with no policy refusal', async ({ page, baseURL }) => {
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL!) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page.getByRole('heading', { name: 'Drape API', level: 1 })).toBeVisible();
  // The operations of the REST table are listed (the sign-in, for one).
  await expect(page.getByText('/api/auth/login').first()).toBeAttached();
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});
