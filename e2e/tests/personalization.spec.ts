import { expect, test, type Page } from '@playwright/test';
import { registerAtTier, useSession } from '../helpers/accounts';

/**
 * Personalization (issue 18, settings-and-admin §1): a Stylist chooses a skin tone alone (each of
 * the three choices is optional), the profile shows the same saved choice, Get My Look uses it and
 * the result names it; an Enthusiast sees the three choices locked.
 */

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, select: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Stylist saves a skin tone alone, sees it on the profile, and Get My Look shows it on the result', async ({ page }) => {
  const stylist = await registerAtTier('stylist', 'skin');
  await useSession(page, stylist);
  await page.goto('/dashboard');
  const card = page.getByRole('form', { name: 'Personalization options' });
  await expect(card.getByRole('combobox', { name: 'Skin Tone' })).toBeEnabled();
  await expect(card.getByRole('combobox', { name: 'Style Vibe' })).toHaveText('No preference');
  await choose(page, card, 'Skin Tone', 'Deep');
  await card.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences Saved', { exact: true })).toBeVisible();

  // The profile holds the same card, starting from the saved choice.
  await page.goto('/profile');
  const onProfile = page.getByRole('form', { name: 'Personalization options' });
  await expect(onProfile.getByRole('combobox', { name: 'Skin Tone' })).toHaveText('Deep');
  await expect(onProfile.getByRole('combobox', { name: 'Body Shape' })).toHaveText('No preference');

  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Get my look' });
  await form.getByRole('tab', { name: 'Occasions' }).click();
  await form.getByRole('tabpanel').getByRole('button').first().click();
  await form.getByRole('radio', { name: 'Male', exact: true }).check();
  await form.getByRole('button', { name: 'Get My Look' }).click();
  await expect(page).toHaveURL(/\/outfit-result$/, { timeout: 60_000 });
  const facts = page.getByRole('article').locator('dl');
  await expect(facts.getByText('Skin tone', { exact: true })).toBeVisible();
  await expect(facts.getByText('Deep', { exact: true })).toBeVisible();
});

test('an Enthusiast sees skin tone locked with style vibe and body shape', async ({ page }) => {
  const enthusiast = await registerAtTier('enthusiast', 'skinlock');
  await useSession(page, enthusiast);
  await page.goto('/dashboard');
  await expect(page.getByText('Style vibe, skin tone and body shape personalization starts at the Stylist tier.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Skin Tone' })).toHaveCount(0);
});
