import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { registerAtTier, useSession } from '../helpers/accounts';
import { lookbookLooks, saveToWardrobe } from '../helpers/wardrobe';

test("Settings' Download my data saves a ZIP whose data.json has the user's username and wardrobe", async ({ page }) => {
  const account = await registerAtTier('stylist', 'export');
  const [look] = await lookbookLooks(1);
  expect((await saveToWardrobe(account, look!.id)).status).toBe(201);
  await useSession(page, account);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^drape-data-${account.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!));
  expect(data.profile.username).toBe(account.user.username);
  expect(data.wardrobe.map((w: { imageId: string }) => w.imageId)).toEqual([look!.id]);
});
