import { expect, test } from '@playwright/test';
import { BASE_URL, registerViaApi } from '../helpers/accounts';
import { loginViaUi } from '../helpers/ui';

/**
 * Issue 18, decision 0010 (amended): a signed-in visit to /dashboard is sent its frame prerendered
 * (the heading, the Get My Look form, the account cards' places, no user data), painted before any
 * script runs, and the app hydrates it: the same elements stay, the user fills them in, and the
 * form works. A visitor without a session is sent the shell, which leads to the sign-in.
 */
test('a signed-in visit to /dashboard paints the frame from its HTML, then hydrates it with the user', async ({ page }) => {
  const account = await registerViaApi();
  const profile = await fetch(`${BASE_URL}/api/user/profile`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ gender: 'female' }),
  });
  expect(profile.status).toBe(200);
  // Signed in as a user is: the server sets the session cookie.
  await loginViaUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // What this browser is sent for /dashboard: the frame, and nothing of the user's.
  const html = await page.evaluate(async () => (await fetch('/dashboard')).text());
  expect(html).toContain('data-prerendered="/dashboard"');
  for (const text of ['Explore AI Fashion', 'Create your look', 'Daily Images', 'Your Tier']) expect(html).toContain(text);
  expect(html).not.toContain(account.lastName);
  expect(html).not.toContain('<script>');

  // A full load. The heading painted from the HTML is marked before the app starts: hydrated, it
  // is the same element; drawn afresh, it would lose the mark.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => document.querySelector('h1')?.setAttribute('data-from-html', ''));
  });
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore AI Fashion' })).toHaveAttribute('data-from-html', '');
  const form = page.getByRole('form', { name: 'Get my look' });
  await expect(form.getByRole('radio', { name: 'Female', exact: true })).toBeChecked();
  await expect(page.getByRole('complementary', { name: 'Your account' }).getByText('generations remaining today')).toBeVisible();

  // The form is the app's: a tab opens its choices, a choice is named, and a picked gender stays.
  await form.getByRole('tab', { name: 'Occasions' }).click();
  const first = form.getByRole('tabpanel').getByRole('button').first();
  const occasion = (await first.innerText()).trim();
  await first.click();
  await expect(form.getByText(`Selected occasion: ${occasion}`)).toBeVisible();
  await form.getByRole('radio', { name: 'Male', exact: true }).check();
  await expect(form.getByRole('radio', { name: 'Male', exact: true })).toBeChecked();
  expect(errors).toEqual([]);
});

test('a visitor without a session is sent the shell for /dashboard, which leads to the sign-in', async ({ page }) => {
  const html = await (await fetch(`${BASE_URL}/dashboard`)).text();
  expect(html).not.toContain('data-prerendered');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?returnUrl=\/dashboard$/);
});
