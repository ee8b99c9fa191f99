import { expect, test, type Page } from '@playwright/test';
import { newUser, registerAtTier, registerViaApi, useSession, type Account } from '../helpers/accounts';

/**
 * The lock pages and the dashboard's tier card say one thing (issue 18): one progress
 * (`inviteProgress`: Stylist at 3 friends, Fashion Icon at 5) behind the Wardrobe lock page, the
 * LookBook lock page, the dashboard's Personalization lock and the 'Your Tier' card, and no badge,
 * heading or bar naming another tier than its text.
 */

/** A /24 per friend (decision 15: sign-ups from one network count once), apart from other tests' ranges. */
let network = Math.floor(Math.random() * 200);
async function withFriends(account: Account, count: number): Promise<Account> {
  for (let i = 0; i < count; i++) {
    network += 1;
    await registerViaApi(newUser('fr'), { ref: account.username, clientAddress: `198.18.${network % 250}.${1 + (network % 200)}` });
  }
  return account;
}

const bar = (page: Page, tier: string) => page.getByRole('progressbar', { name: `Friends invited toward ${tier}` });

async function expectBar(page: Page, tier: string, now: number, max: number): Promise<void> {
  await expect(bar(page, tier)).toHaveAttribute('aria-valuenow', String(now));
  await expect(bar(page, tier)).toHaveAttribute('aria-valuemax', String(max));
  await expect(page.getByText(`${now}/${max}`, { exact: true })).toBeVisible();
}

const friends = (n: number) => `${n} more ${n === 1 ? 'friend' : 'friends'}`;

/** The header's badge above the page heading: the tier that opens the page. */
const pageBadge = (page: Page) => page.getByRole('main').locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });

async function expectLockPages(page: Page, invited: number): Promise<void> {
  const toStylist = 3 - invited;
  const toIcon = 5 - invited;

  await page.goto('/wardrobe');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Wardrobe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Your Wardrobe' })).toBeVisible();
  await expect(pageBadge(page)).toContainText('Stylist');
  await expect(page.getByText('Collector Edition')).toHaveCount(0);
  await expectBar(page, 'Stylist', invited, 3);
  await expect(page.getByText(`Invite ${friends(toStylist)} to reach Stylist and unlock it.`)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(1);
  await expect(page.getByRole('main').getByText('Fashion Icon')).toHaveCount(0);

  await page.goto('/lookbook');
  await expect(page.getByRole('heading', { name: 'Unlock Your LookBook' })).toBeVisible();
  await expect(pageBadge(page)).toContainText('Stylist');
  await expect(pageBadge(page)).not.toContainText('Fashion Icon');
  const progress = page.getByRole('list', { name: 'Invite progress' }).getByRole('listitem');
  await expect(progress).toHaveCount(2);
  await expect(progress.nth(0)).toContainText('Stylist (3 friends): 50 looks per session');
  await expect(progress.nth(0)).toContainText(`Invite ${friends(toStylist)} to reach Stylist and unlock it.`);
  await expect(progress.nth(1)).toContainText('Fashion Icon (5 friends): Every look, with filters');
  await expect(progress.nth(1)).toContainText(`Invite ${friends(toIcon)} to reach Fashion Icon.`);
  await expectBar(page, 'Stylist', invited, 3);
  await expectBar(page, 'Fashion Icon', invited, 5);
  for (const teaser of ['Style Collections', 'Trend Tracking', 'Seasonal Planning']) await expect(page.getByRole('heading', { name: teaser })).toBeVisible();

  await page.goto('/dashboard');
  // The innermost box with the card's heading and its link: the card.
  const personalization = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Personalization Options' }) }).filter({ hasText: 'Compare tiers' }).last();
  await expect(personalization).toContainText(`Invite ${friends(toStylist)} to reach Stylist and unlock it.`);
}

async function expectTierCard(page: Page, badge: string, next: string, now: number, max: number): Promise<void> {
  await page.goto('/dashboard');
  const card = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Your Tier' }) }).filter({ has: page.getByRole('progressbar') }).last();
  await expect(card).toContainText(badge);
  await expect(card).toContainText(`Invite ${friends(max - now)} to unlock ${next}.`);
  await expect(card.getByRole('progressbar', { name: `Friends invited toward ${next}` })).toHaveAttribute('aria-valuenow', String(now));
  await expect(card.getByRole('progressbar', { name: `Friends invited toward ${next}` })).toHaveAttribute('aria-valuemax', String(max));
  await expect(card.getByText(`${now}/${max}`, { exact: true })).toBeVisible();
}

test('an Enthusiast with no friends: every lock page and the tier card count 0 toward Stylist at 3', async ({ page }) => {
  const enthusiast = await registerAtTier('enthusiast', 'lock0');
  await useSession(page, enthusiast);
  await expectLockPages(page, 0);
  await expectTierCard(page, 'Enthusiast', 'Stylist', 0, 3);
});

test('an Enthusiast with 2 friends: 2/3 toward Stylist, 2/5 toward Fashion Icon', async ({ page }) => {
  const enthusiast = await withFriends(await registerAtTier('enthusiast', 'lock2'), 2);
  await useSession(page, enthusiast);
  await expectLockPages(page, 2);
  await expectTierCard(page, 'Enthusiast', 'Stylist', 2, 3);
});

test('a Stylist with 4 friends: the pages are open and the tier card counts 4/5 toward Fashion Icon', async ({ page }) => {
  const stylist = await withFriends(await registerAtTier('stylist', 'lock4'), 4);
  await useSession(page, stylist);
  await page.goto('/wardrobe');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wardrobe' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Your Wardrobe' })).toHaveCount(0);
  await page.goto('/lookbook');
  await expect(page.getByRole('heading', { level: 1, name: 'LookBook' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Your LookBook' })).toHaveCount(0);
  await expectTierCard(page, 'Stylist', 'Fashion Icon', 4, 5);
  await expect(page.getByRole('heading', { name: 'Personalization Options' })).toBeVisible();
  await expect(page.getByText('to reach Stylist and unlock it.')).toHaveCount(0);
});
