import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, useSession } from '../helpers/accounts';

/** Every page passes axe-core checks, on a phone and on a desktop (docs/architecture.md). */
async function expectNoViolations(page: Page, path: string, heading: RegExp | string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `${path}`).toEqual([]);
}

const publicPages: [string, RegExp | string][] = [
  ['/', 'Your Personalized AI Fashion Stylist'],
  ['/auth', 'Welcome'],
  ['/signup', 'Welcome'],
  ['/reset-password', 'Invalid Reset Link'],
  ['/reset-password?token=abc', /reset|password/i],
  ['/tiers', /tier/i],
  ['/about', /.+/],
  ['/privacy', /privacy/i],
  ['/terms', /terms/i],
  ['/logo-preview', 'Brand Assets'],
  ['/no/such/page', '404 Page Not Found'],
  ['/backstage-login', 'Admin login'],
];

for (const width of [1280, 360]) {
  test(`public pages pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of publicPages) await expectNoViolations(page, path, heading);
  });
}

test('signed-in pages pass axe', async ({ page }) => {
  const account = await registerViaApi();
  await useSession(page, account);
  for (const [path, heading] of [['/dashboard', 'Explore AI Fashion'], ['/profile', 'Profile'], ['/settings', /settings/i], ['/auth-demo', /.+/], ['/wardrobe', /.+/], ['/lookbook', /.+/]] as const) {
    await expectNoViolations(page, path, heading);
  }
});
