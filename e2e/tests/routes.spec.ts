import { expect, test, type Page } from '@playwright/test';
import { newUser, registerViaApi, useSession } from '../helpers/accounts';
import { withClient } from '../helpers/db';

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
}

test('the referral route: a member name opens Sign Up with that member as the referrer', async ({ page }) => {
  const referrer = await registerViaApi(newUser('ref'));
  await page.goto(`/${referrer.username}`);
  // The spec's /auth?ref=: an invitation, so the Sign Up tab, the friend chosen (docs/spec-notes.md).
  await expect(page).toHaveURL(new RegExp(`/auth\\?ref=${referrer.username}$`));
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Referred by a friend?')).toHaveValue(`${referrer.firstName} ${referrer.lastName} (@${referrer.username})`);
  await expect(page.getByLabel('Promo Code')).toHaveValue('');

  // Sign In keeps the referral for a way back; the older /signup?ref= link fills the field too.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?ref=${referrer.username}$`));
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?ref=${referrer.username}$`));
  await expect(page.getByLabel('Referred by a friend?')).toHaveValue(`${referrer.firstName} ${referrer.lastName} (@${referrer.username})`);
});

test("an account holding a route's name (made before it was reserved) invites with /auth?ref=", async ({ page, browser, baseURL }) => {
  const member = await registerViaApi(newUser('route'));
  // Sign-up refuses the name now: the account is given it as one made before would hold it.
  const name = 'healthz';
  await withClient(async (client) => {
    await client.query("update users set username = left(username, 12) || '_was' where lower(username) = $1", [name]);
    await client.query('update users set username = $1 where id = $2', [name, member.user.id]);
  });
  await useSession(page, { ...member, user: { ...member.user, username: name } });
  await page.goto('/dashboard');
  // /healthz is the server's health check: the link goes straight to where a referral link leads.
  await expect(page.getByLabel('Your referral link')).toHaveValue(`${baseURL}/auth?ref=${name}`);

  const visitor = await browser.newPage();
  try {
    await visitor.goto(`/auth?ref=${name}`);
    await expect(visitor.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(visitor.getByLabel('Referred by a friend?')).toHaveValue(`${member.firstName} ${member.lastName} (@${name})`);
  } finally {
    await visitor.close();
  }
});

test('the referral route: unknown and malformed names are not found', async ({ page }) => {
  // A well-formed name nobody has goes to /404.
  await page.goto(`/${newUser('nobody').username}`);
  await expect(page).toHaveURL(/\/404$/);
  await expectNotFound(page);

  // So does a malformed one (too short).
  await page.goto('/ab');
  await expect(page).toHaveURL(/\/404$/);
  await expectNotFound(page);
});

test('/logo-preview, a reserved word, is the brand assets page with the favicons at their real size', async ({ page }) => {
  await page.goto('/logo-preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Assets' })).toBeVisible();
  await expect(page).toHaveTitle('Brand Assets | Drape');
  for (const size of [16, 32, 48, 64]) {
    const icon = page.getByRole('img', { name: `Favicon, ${size} by ${size} px` });
    // Loaded (the build made the file) and drawn at its own size.
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.getBoundingClientRect().width])).toEqual([size, size]);
  }
  const minimum = page.getByRole('img', { name: 'Drape logo, 24 px tall' }).first();
  await expect.poll(() => minimum.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().height)).toBe(24);
  await expect(page.getByRole('link', { name: 'Download the logo (PNG)' })).toHaveAttribute('href', '/api/assets/logo/official');
});

test('an unknown nested path shows the 404 page', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expectNotFound(page);
  await expect(page).toHaveURL(/\/some\/unknown\/path$/);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
});
