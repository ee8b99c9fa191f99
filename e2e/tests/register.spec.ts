import { expect, test } from '@playwright/test';
import { newUser } from '../helpers/accounts';
import { expectSignedInHeader, expectSignedOutHeader, fillSignUpForm, header, storedToken } from '../helpers/ui';

test('sign up through /signup with the ALTCHA check solved in the browser', async ({ page }) => {
  const user = newUser('reg');
  await page.goto('/signup');
  await expectSignedOutHeader(page);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  const form = await fillSignUpForm(page, user);

  const submit = form.getByRole('button', { name: 'Create Account' });
  await expect(submit).toBeDisabled(); // until the terms are accepted
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Explore AI Fashion' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${user.firstName} ${user.lastName}`)).toBeVisible();
  await expectSignedInHeader(page);
  const nav = header(page).getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'Wardrobe', 'LookBook']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();

  // The account menu names the new member and offers Profile, Settings, Logout.
  await header(page).getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(`@${user.username}`)).toBeVisible();
  for (const name of ['Profile', 'Settings', 'Logout']) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await page.keyboard.press('Escape');

  // The session survives a reload.
  await page.reload();
  await expect(page.getByText(`Welcome, ${user.firstName} ${user.lastName}`)).toBeVisible();
  await expectSignedInHeader(page);
});
