import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN_BASE, createAdminViaCli, loginAsAdmin, submitAdminLogin } from '../helpers/admin';
import { failAdminLoginsViaApi, failLoginsViaApi, newUser, registerViaApi } from '../helpers/accounts';
import { expectSignedInHeader, fillSignUpForm, submitLogin, toasts } from '../helpers/ui';

/** Issue 15 §5 as people meet it: a locked account's owner still signs in, and an admin reviews farmed referrals. */

test('after the failed sign-ins that lock an account, its owner signs in by solving the bot check', async ({ page }) => {
  const owner = await registerViaApi(newUser('lock'));
  // A guesser, from its own address, spends the account's ten tries.
  await failLoginsViaApi(owner.email, 10, '203.0.113.201');

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('group', { name: 'Security Verification' })).toHaveCount(0);
  await submitLogin(page, owner.email, owner.password);
  // The server asks for the bot check instead of refusing the right password.
  await expect(form.getByText('Complete the security verification to sign in.')).toBeVisible();
  const check = form.getByRole('group', { name: 'Security Verification' });
  await check.getByRole('checkbox', { name: "I'm not a robot" }).click();
  // Solved, the form sends itself again, with the token.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInHeader(page);
});

test('the admin login asks a locked key for the bot check, then lets its admin in', async ({ page }) => {
  const key = `lock${randomBytes(3).toString('hex')}`;
  const password = 'a locked key passphrase';
  createAdminViaCli(key, password);
  await failAdminLoginsViaApi(key, 10, '203.0.113.202');

  await page.goto(`${ADMIN_BASE}-login`);
  await submitAdminLogin(page, key, password);
  const form = page.getByRole('form', { name: 'Admin login' });
  await expect(page.getByText('Complete the security verification to sign in.')).toBeVisible();
  await form.getByRole('group', { name: 'Security Verification' }).getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_BASE}(\\?.*)?$`));
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
});

test('the user list marks held referrals: Release raises the tier, Revoke never counts', async ({ page }) => {
  const referrer = await registerViaApi(newUser('farm'));
  // Four sign-ups from one network in seconds: one counts, three are held.
  const friends = [];
  for (let i = 0; i < 4; i++) friends.push(await registerViaApi(newUser('crop'), { ref: referrer.username, clientAddress: `192.0.2.${40 + i}` }));

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search', { exact: true }).fill(referrer.username);
  const list = page.getByRole('table', { name: 'Users', exact: true });
  const row = list.getByRole('row').filter({ hasText: referrer.email });
  await expect(row).toContainText('3 held referrals');
  await expect(row).toContainText('Enthusiast');

  // The mark opens the review.
  await row.getByRole('button', { name: `3 held referrals of ${referrer.username}: review` }).click();
  const dialog = page.getByRole('dialog', { name: `Referrals of ${referrer.username}` });
  const items = dialog.getByRole('list', { name: 'Referrals' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(dialog.getByText('Same network as an earlier referral', { exact: false })).toHaveCount(3);
  await expect(items.filter({ hasText: '192.0.2.0/24' })).toHaveCount(4);

  const item = (u: { username: string }) => dialog.getByRole('listitem', { name: `Referral of ${u.username}` });
  // Which friend counted is the server's: release and revoke the ones it holds.
  const heldNames: string[] = [];
  for (const f of friends) if (await item(f).getByRole('button', { name: `Release the referral of ${f.username}` }).count()) heldNames.push(f.username);
  expect(heldNames).toHaveLength(3);

  // (The toasts are announced outside the dialog, hidden from it while it is open: the items tell.)
  await dialog.getByRole('button', { name: `Release the referral of ${heldNames[0]}` }).click();
  await expect(item({ username: heldNames[0]! })).toContainText('Released');
  await expect(item({ username: heldNames[0]! })).toContainText('by e2e-admin');
  await dialog.getByRole('button', { name: `Revoke the referral of ${heldNames[1]}` }).click();
  await expect(item({ username: heldNames[1]! })).toContainText('Revoked');
  await expect(item({ username: heldNames[1]! }).getByRole('button')).toHaveCount(0);
  // Two count (the first friend and the released one): still an Enthusiast. The third makes a Stylist.
  await dialog.getByRole('button', { name: `Release the referral of ${heldNames[2]}` }).click();
  await expect(item({ username: heldNames[2]! })).toContainText('Released');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page).getByText(`${referrer.username} is Stylist.`, { exact: false })).toBeVisible();
  await expect(row).toContainText('Stylist');
  await expect(row).not.toContainText('held referral');
});

test('sign-up refused after its bot check (an email that exists) asks for a new check, and the next try succeeds', async ({ page }) => {
  const existing = await registerViaApi(newUser('taken'));
  const user = newUser('retry');
  await page.goto('/signup');
  const form = await fillSignUpForm(page, { ...user, email: existing.email });
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('An account with this email already exists.')).toBeVisible();
  // The solved check was spent on that answer: the widget is back to its box, and says so.
  await expect(form.getByText('Please complete the security verification again.')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();

  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInHeader(page);
});
