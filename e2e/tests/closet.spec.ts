import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, logoutViaApi, newUser, registerViaApi, useSession, type Account } from '../helpers/accounts';
import { header, loginViaUi, toasts } from '../helpers/ui';

/**
 * My Pieces (issue 19, section 3): a user photographs a piece of their own, says what it is, and
 * sees the colour and pattern the server measured; corrects them, renames the piece, deletes it.
 * The photo is a real PNG drawn in the browser's canvas (a red top on a white backdrop), sent
 * through the file input as a phone's picker would hand it over.
 */

const PHOTO_INVALID = 'The photo must be a JPEG, PNG or WebP image.';
const PHOTO_TOO_LARGE = 'The photo must be 10 MB or smaller.';
const CLOSET_FULL = 'My Pieces is full for your tier. Delete a piece to add another.';

/** A 240x240 PNG: a solid red piece on a white backdrop, the way people photograph clothes laid flat. */
async function redTopPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 240, 240);
    ctx.fillStyle = '#c81e1e';
    ctx.fillRect(50, 40, 140, 170);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

const piecesRegion = (page: Page): Locator => page.getByRole('region', { name: 'Your pieces' });
const cards = (page: Page): Locator => piecesRegion(page).getByRole('article');

async function expectPhotoLoaded(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('a user adds a photographed red top, sees it measured as Red and solid under Tops, corrects it, renames it and deletes it', async ({ page }) => {
  const account = await registerViaApi(newUser('closet'));
  // Signed in through the form: the session cookie is what lets the private photos load in <img>.
  // The sign-up's own session ends first, so no 'Multiple active sessions' notice covers the page.
  await logoutViaApi(account.token);
  await loginViaUi(page, account.email, account.password);

  await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Pieces', exact: true }).click();
  await expect(page).toHaveURL(/\/pieces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Pieces' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Pieces', exact: true })).toHaveAttribute('aria-current', 'page');

  // Empty: the call to add a first piece, the tier's cap (an Enthusiast keeps 10).
  await expect(piecesRegion(page).getByRole('heading', { name: 'Your closet starts here' })).toBeVisible();
  await expect(page.getByText('0 / 10', { exact: true })).toBeVisible();
  await expect(page.getByText('Drape does not try to recognize the garment itself', { exact: false })).toBeVisible();
  await expect(page.getByText('Your photos are private to you.', { exact: false })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a piece' });
  const chooser = form.getByLabel('Choose a photo');
  // Refused before anything is sent: a file that is not a photo, and one over 10 MB.
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(form.getByText(PHOTO_INVALID)).toBeVisible();
  await chooser.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(form.getByText(PHOTO_TOO_LARGE)).toBeVisible();
  await expect(form.getByRole('img', { name: 'The photo you chose' })).toHaveCount(0);

  // The red top: previewed before it is sent; the category is required.
  await chooser.setInputFiles({ name: 'red-top.png', mimeType: 'image/png', buffer: await redTopPng(page) });
  await expectPhotoLoaded(form.getByRole('img', { name: 'The photo you chose' }));
  await expect(form.getByText(PHOTO_TOO_LARGE)).toHaveCount(0);
  await form.getByRole('button', { name: 'Add to My Pieces' }).click();
  await expect(form.getByText('Choose the category of the piece.')).toBeVisible();
  await form.getByRole('radio', { name: 'Tops' }).check();
  await form.getByRole('button', { name: 'Add to My Pieces' }).click();

  // As measured: Red and solid, announced where the form was.
  const added = page.getByRole('heading', { name: 'Added to Tops' });
  await expect(added).toBeFocused();
  const panel = page.getByRole('region', { name: 'Add a piece' });
  await expect(panel.getByText('Red top', { exact: true })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Color' })).toHaveText('Red');
  await expect(panel.getByRole('radio', { name: 'Solid' })).toBeChecked();
  await expect(page.getByText('1 / 10', { exact: true })).toBeVisible();

  // In the grid, under Tops only.
  const tops = piecesRegion(page).getByRole('region', { name: /^Tops/ });
  await expect(piecesRegion(page).getByRole('heading', { level: 3 })).toHaveText([/^Tops\s*\(1\)$/]);
  const card = tops.getByRole('article', { name: 'Red top' });
  await expect(card).toContainText('Red');
  await expect(card).toContainText('Solid');
  await expectPhotoLoaded(card.locator('img'));
  const pieceId = (await card.getByRole('link', { name: 'Style this piece: Red top' }).getAttribute('href'))?.match(/^\/dashboard\?piece=([0-9a-f-]{36})$/)?.[1];
  expect(pieceId).toBeTruthy();

  // Corrected on the spot: the card follows, and the server keeps it.
  await panel.getByRole('radio', { name: 'Patterned' }).check();
  await expect(panel.getByText('Saved.')).toBeVisible();
  await expect(card).toContainText('Patterned');
  await panel.getByRole('radio', { name: 'Solid' }).check();
  await expect(card).toContainText('Solid');

  // Renamed in the edit dialog; focus starts in it and comes back to the card's button.
  const editButton = card.getByRole('button', { name: 'Edit Red top' });
  await editButton.click();
  const dialog = page.getByRole('dialog', { name: 'Edit piece' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'Color' })).toHaveText('Red');
  await expect(dialog.getByRole('radio', { name: 'Tops' })).toBeChecked();
  await dialog.getByLabel('Name').fill('Favourite red tee');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toasts(page).getByText('Piece updated')).toBeVisible();
  const renamed = tops.getByRole('article', { name: 'Favourite red tee' });
  await expect(renamed).toBeVisible();
  await expect(renamed.getByRole('button', { name: 'Edit Favourite red tee' })).toBeFocused();

  // A new category moves the piece to its group; focus follows it there.
  await renamed.getByRole('button', { name: 'Edit Favourite red tee' }).click();
  await dialog.getByRole('radio', { name: 'Outerwear' }).check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const outerwear = piecesRegion(page).getByRole('region', { name: /^Outerwear/ });
  await expect(outerwear.getByRole('button', { name: 'Edit Favourite red tee' })).toBeFocused();
  await expect(piecesRegion(page).getByRole('heading', { level: 3 })).toHaveText([/^Outerwear\s*\(1\)$/]);

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('article', { name: 'Favourite red tee' })).toContainText('Red');

  // Deleted after a confirmation; focus goes to the list's heading, the empty state returns.
  await page.getByRole('button', { name: 'Delete Favourite red tee' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this piece?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Favourite red tee' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Your pieces' })).toBeFocused();
  await expect(piecesRegion(page).getByRole('heading', { name: 'Your closet starts here' })).toBeVisible();
  await expect(page.getByText('0 / 10', { exact: true })).toBeVisible();
  await page.reload();
  await expect(piecesRegion(page).getByRole('heading', { name: 'Your closet starts here' })).toBeVisible();
});

/** POST /api/closet/pieces as the app sends it: multipart, the fields, then the photo. */
async function uploadViaApi(account: Account, photo: Buffer, category: string): Promise<number> {
  const body = new FormData();
  body.append('category', category);
  body.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'piece.png');
  const res = await fetch(`${BASE_URL}/api/closet/pieces`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body });
  await res.arrayBuffer();
  return res.status;
}

test("an Enthusiast's tenth piece fills My Pieces: the page says so and offers no upload", async ({ page }) => {
  const account = await registerViaApi(newUser('closetcap'));
  await page.goto('/about');
  const photo = await redTopPng(page);
  for (let i = 0; i < 10; i++) expect(await uploadViaApi(account, photo, i % 2 === 0 ? 'top' : 'bag')).toBe(201);
  expect(await uploadViaApi(account, photo, 'top')).toBe(403);

  await useSession(page, account);
  await page.goto('/pieces');
  await expect(page.getByText('10 / 10', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add a piece' }).getByText(CLOSET_FULL)).toBeVisible();
  await expect(page.getByLabel('Choose a photo')).toHaveCount(0);
  await expect(piecesRegion(page).getByRole('heading', { level: 3 })).toHaveText([/^Tops\s*\(5\)$/, /^Bags\s*\(5\)$/]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('My Pieces is a tab of the bottom bar, and the upload offers the camera beside the library', async ({ page }) => {
    const account = await registerViaApi(newUser('closetmob'));
    await useSession(page, account);
    await page.goto('/dashboard');
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link')).toHaveText(['Dashboard', 'Wardrobe', 'LookBook', 'My Pieces']);
    await sections.getByRole('link', { name: 'My Pieces', exact: true }).click();
    await expect(page).toHaveURL(/\/pieces$/);

    const form = page.getByRole('form', { name: 'Add a piece' });
    await expect(form.getByLabel('Take a photo')).toHaveAttribute('capture', 'environment');
    await expect(form.getByLabel('Choose a photo')).not.toHaveAttribute('capture');
    await expect(form.getByText('Take a photo')).toBeVisible();
    await expect(form.getByText('You can also drop a photo', { exact: false })).toHaveCount(0);

    // The empty grid's call opens the same chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add your first piece' }).click();
    expect((await chooser).isMultiple()).toBe(false);
  });
});

test("'Style this piece' opens Get My Look with the piece chosen; the look wears it, marked 'Yours' without shopping links, with the stylist's note", async ({ page }) => {
  const account = await registerViaApi(newUser('styled'));
  await logoutViaApi(account.token);
  await loginViaUi(page, account.email, account.password);
  await page.goto('/pieces');
  const form = page.getByRole('form', { name: 'Add a piece' });
  await form.getByLabel('Choose a photo').setInputFiles({ name: 'red-top.png', mimeType: 'image/png', buffer: await redTopPng(page) });
  await form.getByRole('radio', { name: 'Tops' }).check();
  await form.getByRole('button', { name: 'Add to My Pieces' }).click();
  await expect(page.getByRole('heading', { name: 'Added to Tops' })).toBeFocused();

  await piecesRegion(page).getByRole('link', { name: 'Style this piece: Red top' }).click();
  await expect(page).toHaveURL(/\/dashboard\?piece=[0-9a-f-]{36}$/);
  const generator = page.getByRole('form', { name: 'Get my look' });
  const around = generator.getByRole('region', { name: 'Built around your pieces' });
  await expect(around.getByText('Red top', { exact: true })).toBeVisible();

  await generator.getByRole('tab', { name: 'Occasions' }).click();
  await generator.getByRole('tabpanel').getByRole('button').first().click();
  await generator.getByRole('radio', { name: 'Female', exact: true }).check();
  await generator.getByRole('button', { name: 'Get My Look' }).click();

  await expect(page).toHaveURL(/\/outfit-result$/, { timeout: 60_000 });
  const items = page.getByRole('list', { name: 'Outfit items' });
  const mine = items.getByRole('listitem').filter({ hasText: 'Yours' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Red top');
  await expect(mine.getByRole('link')).toHaveCount(0);
  // Every other piece keeps its shopping links.
  const others = items.getByRole('listitem').filter({ hasNotText: 'Yours' });
  expect(await others.count()).toBeGreaterThanOrEqual(2);
  await expect(others.first().getByRole('link').first()).toBeVisible();

  const note = page.getByRole('region', { name: 'Why this works' });
  await expect(note.getByRole('listitem').first()).toHaveText(/^Built around your red top; .* chosen to go with it/);
  expect(await note.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
});
