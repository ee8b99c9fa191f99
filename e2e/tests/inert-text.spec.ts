import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BASE_URL, newUser, registerViaApi, useSession, type Account } from '../helpers/accounts';
import { loginAsAdmin } from '../helpers/admin';
import { archive } from '@drape/looks';
import { withClient, withDb } from '../helpers/db';
import { latestMail } from '../helpers/mail';

/**
 * Text that people type renders inert wherever it is shown (issue 15 §2): an account whose names,
 * bio, email, user agent and wardrobe notes hold script and HTML payloads, a look whose pieces
 * (pipeline text) and a blocked image whose reasoning (pipeline text) and review notes (an admin's)
 * hold them too, seen on every screen of both apps that shows them and in the server-written pages
 * and mail, fetched raw and rendered. Inert means: no payload ran (a window flag, a 'dialog'
 * listener, and no script-src CSP violation, which would mean an injected script was only stopped
 * by the policy), no element of a payload exists in the DOM (each payload's elements carry the
 * probe attribute), no javascript: link exists, and the text is shown literally.
 *
 * The user's text goes in through the real API (registration, profile, login, notes); the pieces'
 * names and the blocked image's reasoning only the pipeline writes, so those are written to the
 * database, and the admin's notes are typed into the admin app.
 */

/** Every HTML payload's elements carry this attribute: an element that has it was injected. */
const PROBE = 'data-xss';
const run = randomBytes(2).toString('hex');

/** Contracts: names are one line of at most 50 characters; format characters (RTL, zero-width) are allowed, control characters not. */
const FIRST_NAME = `<img src=x ${PROBE} onerror="window.__pwned=1">`;
const LAST_NAME = `'"><svg ${PROBE} onload=alert(1)>\u202Eevil\u200Bname`;
/** The most hostile username the schema allows: [A-Za-z0-9_-], 3-20, no _ or - at either end. */
const USERNAME = `JavaScript--_-x${run}`;
/** The email schema allows an apostrophe in the local part. */
const EMAIL = `o'neil'+${run}@e2e.example.com`;
const BIO = [
  `<script ${PROBE}>window.__pwned=1</script>`,
  `<a ${PROBE} href="javascript:window.__pwned=1">click me</a> [click me](javascript:window.__pwned=1)`,
  "{{constructor.constructor('window.__pwned=1')()}} ${window.__pwned=1} <%= 7*7 %> **bold** _it_",
  '\u202Egnp.exe zero\u200Bwidth',
].join('\n');
const NOTES = [
  `</p><script ${PROBE}>window.__pwned=1</script><p>`,
  `<iframe ${PROBE} src="javascript:window.__pwned=1"></iframe> [link](javascript:alert(1))`,
  '# heading {{7*7}} ${7*7} & "quotes" \'single\'',
].join('\n');
/** Sent as the User-Agent of a sign-in: the sessions screen and the audit log show it. */
const USER_AGENT = `"><script ${PROBE}>window.__pwned=1</script><img src=x ${PROBE} onerror=alert(1)>`;
/** Pipeline text: a look's pieces. */
const PIECE_NAMES = [`<script ${PROBE}>window.__pwned=1</script>Blazer`, `"><img src=x ${PROBE} onerror=alert(1)>Loafers`];
const PIECE_DESCRIPTION = `</title><svg ${PROBE} onload=alert(1)> & "quotes" 'single'`;
/** Pipeline text: why a look was blocked; and what the admin types on reviewing it. */
const REASONING = `<img src=x ${PROBE} onerror="window.__pwned=1"> reasoning`;
const ADMIN_NOTES = `"'><svg ${PROBE} onload=alert(1)> {{7*7}} <b ${PROBE}>bold</b>`;

const fullName = `${FIRST_NAME} ${LAST_NAME}`;

interface Fixture {
  account: Account;
  lookId: string;
  blockedId: string;
}
let fx: Fixture;

async function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${BASE_URL}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function expectOk(what: string, answer: Promise<{ status: number; json: unknown }>): Promise<Record<string, unknown>> {
  const { status, json } = await answer;
  expect(status, `${what}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json as Record<string, unknown>;
}

/**
 * A look as the pipeline stores it (a copy of a stored look, sharing its files) whose pieces are
 * named by the payloads, served to `userId` (an image view, as Get My Look records it).
 */
async function lookWithHostilePieces(userId: string): Promise<string> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into generated_images (job_id, combination_code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone,
         storage_key, thumb_key, width, height, bytes, quality_score, quality, safety_score, stage_ms, color_families, seed, prompt, provider, watermarked)
       select $1, combination_code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone,
         storage_key, thumb_key, width, height, bytes, quality_score, quality, safety_score, stage_ms, color_families, seed, prompt, provider, watermarked
         from generated_images where status in ('viewable', 'lookbook') and selection_kind = 'occasion' and gender = 'male'
         order by created_at limit 1
       returning id`,
      [`e2e-inert-${run}-${Date.now()}`],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('no stored look to copy: the e2e seeding should have made some');
    for (const [position, name] of PIECE_NAMES.entries()) {
      await client.query(
        `insert into fashion_items (image_id, position, name, type, color, color_hex, color_family, description, price_range)
         values ($1, $2, $3, 'top', $4, '#222222', 'black', $5, '$$')`,
        [id, position, name, `black "ink" <u ${PROBE}>`, PIECE_DESCRIPTION],
      );
    }
    await client.query('insert into image_views (user_id, image_id) values ($1, $2)', [userId, id]);
    return id;
  });
}

/** A blocked image as the pipeline stores it, pending review, with hostile reasoning and no file. */
async function blockedWithHostileReasoning(): Promise<string> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into blocked_images (job_id, combination_code, gender, selection_kind, selection_id, rejection_reason, rejection_details, quality_score, safety_score)
       select $1, code, gender, selection_kind, selection_id, 'quality_threshold', $2::jsonb, 41, 90 from combinations order by code limit 1
       returning id`,
      [`e2e-inert-blocked-${run}-${Date.now()}`, JSON.stringify({ reasoning: REASONING, error: `</pre><script ${PROBE}>window.__pwned=1</script>` })],
    );
    return rows[0]!.id;
  });
}

test.beforeAll(async () => {
  const user = { ...newUser('inert'), username: USERNAME, email: EMAIL, firstName: FIRST_NAME, lastName: LAST_NAME, promoCode: 'E2ESTYLE' };
  const account = await registerViaApi(user);
  // What the server stored is what was typed (trimmed only): nothing was escaped or stripped on the way in.
  expect(account.user).toMatchObject({ firstName: FIRST_NAME, lastName: LAST_NAME, username: USERNAME, email: EMAIL });
  const profile = await expectOk('profile', call('PATCH', '/api/user/profile', { token: account.token, body: { bio: BIO } }));
  expect(profile.bio).toBe(BIO);
  // The typed fields that become links (the shopping sites) take a domain only: never a javascript: URL.
  const scriptDomain = await call('POST', '/api/user/geolocation-preferences', {
    token: account.token,
    body: { geolocationEnabled: false, preferredCountry: null, preferredDomains: { google: 'javascript:window.__pwned=1//x.com', amazon: null } },
  });
  expect(scriptDomain.status).toBe(400);
  // A second session whose device is named by a hostile User-Agent.
  await expectOk('login', call('POST', '/api/auth/login', { body: { email: EMAIL, password: user.password }, headers: { 'user-agent': USER_AGENT, 'x-forwarded-for': '203.0.113.7' } }));

  const lookId = await lookWithHostilePieces(account.user.id);
  const saved = await expectOk('save', call('POST', '/api/siims/wardrobe', { token: account.token, body: { imageId: lookId } }));
  const entryId = (saved.item as { id: string }).id;
  await expectOk('notes', call('PATCH', `/api/siims/wardrobe/${entryId}/notes`, { token: account.token, body: { notes: NOTES } }));
  await expectOk('share', call('POST', '/api/share/outfit', { token: account.token, body: { imageId: lookId } }));
  await expectOk('forgot password', call('POST', '/api/auth/forgot-password', { body: { email: EMAIL }, headers: { 'x-forwarded-for': '203.0.113.8' } }));
  fx = { account, lookId, blockedId: await blockedWithHostileReasoning() };
});


/** Records what a payload would do if it ran: dialogs, and script-src CSP violations (an injected script the policy stopped). */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => undefined);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __scriptViolations: string[] }).__scriptViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.effectiveDirective.startsWith('script-src')) seen.push(`${e.effectiveDirective}: ${e.sample || e.blockedURI}`);
    });
  });
  return dialogs;
}

/** What the page shows of the payloads: what ran, and what exists as markup. */
async function traces(page: Page, dialogs: string[]) {
  const found = await page.evaluate((probe) => {
    const w = window as unknown as { __pwned?: unknown; __scriptViolations?: string[] };
    const all = [...document.querySelectorAll('*')];
    return {
      pwned: w.__pwned ?? null,
      injected: [...document.querySelectorAll(`[${probe}]`)].map((el) => el.outerHTML.slice(0, 160)),
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `<${el.tagName.toLowerCase()} ${a.name}>`)),
      scriptUrls: all.flatMap((el) => [...el.attributes].filter((a) => /^\s*javascript:/i.test(a.value)).map((a) => `<${el.tagName.toLowerCase()} ${a.name}=${a.value}>`)),
      violations: w.__scriptViolations ?? [],
    };
  }, PROBE);
  return { ...found, dialogs: [...dialogs] };
}

/** Nothing of any payload ran or exists in this page's DOM. */
async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  expect(await traces(page, dialogs), where).toEqual({ pwned: null, injected: [], handlers: [], scriptUrls: [], violations: [], dialogs: [] });
}

/** The user's own browser, shared by the tests of the user's screens (one cache: the app loads once). */
let member: { context: BrowserContext; page: Page; dialogs: string[] } | undefined;

async function memberPage(browser: Browser): Promise<{ page: Page; dialogs: string[] }> {
  if (!member) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs = await watch(page);
    await useSession(page, fx.account);
    member = { context, page, dialogs };
  }
  return member;
}

test.afterAll(async () => {
  await member?.context.close();
  // The copied look leaves every list, so no later test is served it by Get My Look or finds it in the LookBook.
  if (fx) await withDb((db) => archive(db, [fx!.lookId]));
});

test('the probe sees a payload that is not inert (the control of every check below)', async ({ page }) => {
  const dialogs = await watch(page);
  // The same payloads written into a page as markup, as an unescaped template would.
  await page.setContent(`<p>${FIRST_NAME} ${LAST_NAME}</p><p>${NOTES}</p><p><a ${PROBE} href="javascript:void 0">x</a></p>`);
  await expect.poll(async () => (await traces(page, dialogs)).dialogs.length).toBeGreaterThan(0);
  const seen = await traces(page, dialogs);
  expect(seen.pwned).toBe(1);
  expect(seen.injected.length).toBeGreaterThanOrEqual(4);
  expect(seen.handlers).toEqual(expect.arrayContaining(['<img onerror>', '<svg onload>']));
  expect(seen.scriptUrls.length).toBeGreaterThan(0);
});

test('the dashboard, account menu, profile and sessions screens show the names, bio, email and user agent literally', async ({ browser }) => {
  const { page, dialogs } = await memberPage(browser);
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${fullName}`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Your referral link')).toHaveValue(`${BASE_URL}/${USERNAME}`);
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(fullName, { exact: true })).toBeVisible();
  await expect(menu.getByText(`@${USERNAME}`, { exact: true })).toBeVisible();
  await expectInert(page, dialogs, '/dashboard');
  await page.keyboard.press('Escape');
  // The phone layout's menu names the user too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByText(fullName, { exact: true })).toBeVisible();
  await expectInert(page, dialogs, 'the phone menu');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/profile');
  await expect(page.getByText(EMAIL, { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Personal information' });
  await expect(form.getByLabel('First Name')).toHaveValue(FIRST_NAME);
  await expect(form.getByLabel('Last Name')).toHaveValue(LAST_NAME);
  await expect(form.getByLabel('Username')).toHaveValue(USERNAME);
  await expect(form.getByLabel('Bio')).toHaveValue(BIO);
  await expectInert(page, dialogs, '/profile');

  await page.goto('/auth-demo');
  await expect(page.getByText(`${fullName} · ${EMAIL}`, { exact: true })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByText(USER_AGENT, { exact: true })).toBeVisible();
  await expectInert(page, dialogs, '/auth-demo');
});

test('the wardrobe card shows the notes and the pieces literally, and so does the result page of the shared look', async ({ browser }) => {
  const { page, dialogs } = await memberPage(browser);
  await page.goto('/wardrobe');
  await expect(page.getByText(`Looks you saved, ${FIRST_NAME}, with your notes.`, { exact: true })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Your notes' });
  await expect(card).toHaveCount(1);
  const notes = card.getByText('Your notes', { exact: true }).locator('xpath=following-sibling::p');
  // The card keeps line breaks (whitespace: pre-line): its text is the notes as typed.
  expect(await notes.evaluate((el) => el.textContent)).toBe(NOTES);
  await expect(notes.locator('a, iframe, script, h1')).toHaveCount(0);
  await card.getByRole('button', { name: /^Items \(/ }).click();
  for (const name of PIECE_NAMES) await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(card.getByText(PIECE_DESCRIPTION, { exact: true }).first()).toBeVisible();
  for (const href of await card.getByRole('link', { name: /Google|Amazon/ }).evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))) {
    expect(href).toMatch(/^https:\/\//);
  }
  await card.getByRole('button', { name: /^Edit notes on / }).click();
  await expect(card.getByRole('textbox')).toHaveValue(NOTES);
  await expectInert(page, dialogs, '/wardrobe');

  // The shared link, opened signed in, shows the look on the result page.
  await page.goto(`/outfit/${fx.lookId}`);
  await expect(page).toHaveURL(/\/outfit-result$/);
  const items = page.getByRole('list', { name: 'Outfit items' });
  for (const name of PIECE_NAMES) await expect(items.getByRole('heading', { name, exact: true })).toBeVisible();
  await expectInert(page, dialogs, '/outfit-result');
});

test('a referral link and the referrer search show the member literally to a visitor', async ({ page }) => {
  const dialogs = await watch(page);
  await page.goto(`/${USERNAME}`);
  await expect(page).toHaveURL(new RegExp(`/auth\\?ref=${USERNAME}$`));
  const form = page.getByRole('form', { name: 'Create account' });
  const referrer = form.getByLabel('Referred by a friend?');
  await expect(referrer).toHaveValue(`${fullName} (@${USERNAME})`);
  await expectInert(page, dialogs, '/auth?ref=');

  await referrer.fill(FIRST_NAME.slice(0, 12));
  const option = page.getByRole('option').filter({ hasText: `@${USERNAME}` });
  await expect(option).toHaveText(`${fullName}@${USERNAME}`);
  await expectInert(page, dialogs, 'referrer search');
});

test('the server-written pages: the shared look\'s link preview, /auth with a hostile query, and the reset mail, raw and rendered', async ({ page }) => {
  const dialogs = await watch(page);

  // Raw: the pieces' names are in the preview's description, escaped; no payload survives as markup.
  const preview = await (await fetch(`${BASE_URL}/outfit/${fx.lookId}`)).text();
  for (const name of PIECE_NAMES) expect(preview).not.toContain(name);
  expect(preview).not.toMatch(new RegExp(`<(?:script|img|svg|iframe|u)[\\s>][^<]*${PROBE}`, 'i'));
  expect(preview).toContain('&#60;script data-xss&#62;window.__pwned=1&#60;/script&#62;Blazer');
  // Rendered as a crawler would, outside the app (no CSP here: a live payload would run).
  await page.setContent(preview.replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/gi, ''));
  const description = await page.locator('meta[property="og:description"]').getAttribute('content');
  for (const name of PIECE_NAMES) expect(description).toContain(name);
  expect(await page.locator('meta[name="twitter:description"]').getAttribute('content')).toBe(description);
  await expectInert(page, dialogs, 'the link preview, rendered raw');

  // Signed out in the app, the shared link asks for a sign-in and comes back to it.
  await page.goto(`/outfit/${fx.lookId}`);
  await expect(page).toHaveURL(new RegExp(`/auth\\?returnUrl=/outfit/${fx.lookId}$`));
  await expectInert(page, dialogs, '/outfit/{id} signed out');

  // A hostile path where a referral username goes: the server sends the app's shell as it is, the app its 404.
  const hostileRef = `"><script ${PROBE}>window.__pwned=1</script>`;
  const pathRaw = await (await fetch(`${BASE_URL}/${encodeURIComponent(hostileRef)}`)).text();
  expect(pathRaw).not.toContain(PROBE);
  await page.goto(`/${encodeURIComponent(hostileRef)}`);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectInert(page, dialogs, '/{hostile path}');

  // The prerendered landing and /auth never reflect their query; the app does not show a malformed ref.
  for (const prerendered of ['/', '/auth']) {
    const raw = await (await fetch(`${BASE_URL}${prerendered}?ref=${encodeURIComponent(hostileRef)}&q=${encodeURIComponent(FIRST_NAME)}`)).text();
    expect(raw, prerendered).toContain(`<div id="root" data-prerendered="${prerendered}">`);
    expect(raw, prerendered).not.toContain(PROBE);
  }
  await page.goto(`/auth?ref=${encodeURIComponent(hostileRef)}`);
  await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create account' }).getByLabel('Referred by a friend?')).toHaveValue('');
  await expectInert(page, dialogs, '/auth?ref=<payload>');

  // The reset mail greets the user by the first name: literal in the text part, escaped in the HTML part.
  // As the user's mailbox received it (the suite's SMTP sink): the outbox keeps no body.
  await expect.poll(() => latestMail(EMAIL), { message: 'the reset mail arrived' }).not.toBeNull();
  const mail = latestMail(EMAIL)!;
  expect(mail.text).toContain(`Hi ${FIRST_NAME},`);
  expect(mail.html).not.toBeNull();
  expect(mail.html).not.toContain(FIRST_NAME);
  await page.setContent(mail.html!);
  await expect(page.getByText(`Hi ${FIRST_NAME},`, { exact: true })).toBeVisible();
  await expectInert(page, dialogs, 'the reset mail, rendered');
});

test('the admin app shows the user, the pieces, the blocked image\'s reasoning and notes and the audit log literally', async ({ browser }) => {
  // The admin's own browser sends a hostile User-Agent too: the audit log shows it.
  const context = await browser.newContext({ userAgent: USER_AGENT });
  const page = await context.newPage();
  const dialogs = await watch(page);
  try {
    await loginAsAdmin(page);

    // The user list, found by its username.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\?tab=users$/);
    await page.getByLabel('Search', { exact: true }).fill(USERNAME);
    const users = page.getByRole('table', { name: 'Users', exact: true });
    const row = users.getByRole('row').filter({ hasText: USERNAME });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(EMAIL, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `End sessions of ${USERNAME}` })).toBeVisible();
    await expectInert(page, dialogs, 'admin users');

    // The look's pieces in the gallery.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Image Gallery' }).click();
    // The screen's own Search field, not the users tab's while the route changes.
    await expect(page.getByRole('heading', { name: 'Image Gallery', level: 1 })).toBeVisible();
    await page.getByLabel('Search').fill(fx.lookId);
    const cards = page.getByRole('list', { name: 'Images' }).getByRole('article');
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('button', { name: 'Pieces' }).click();
    const pieces = cards.first().getByRole('list', { name: 'Fashion items' });
    for (const name of PIECE_NAMES) await expect(pieces.getByText(name, { exact: true })).toBeVisible();
    await expectInert(page, dialogs, 'admin gallery');

    // The blocked image: its reasoning, then the notes the admin types on approving it.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Blocked Images' }).click();
    await expect(page.getByRole('heading', { name: 'Blocked Images' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Blocked images' });
    const card = list.locator(`[data-blocked-id="${fx.blockedId}"]`);
    await expect(card.getByText(REASONING, { exact: true })).toBeVisible();
    await card.getByLabel('Notes (optional)').fill(ADMIN_NOTES);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Image approved', { exact: true })).toBeVisible();
    await page.getByLabel('Review status').selectOption('approved');
    await expect(card.getByText(ADMIN_NOTES, { exact: true })).toBeVisible();
    await expectInert(page, dialogs, 'admin blocked images');

    // The audit log: the review's entry, its details and the admin's user agent.
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await page.getByLabel('Filter by action').fill('admin.blocked.review');
    const entry = page.getByRole('table').getByRole('row').filter({ hasText: fx.blockedId });
    await expect(entry).toHaveCount(1);
    await entry.getByRole('button', { name: /Show/ }).click();
    await expect(page.getByText(`User agent: ${USER_AGENT}`, { exact: true })).toBeVisible();
    await expectInert(page, dialogs, 'admin audit log');
  } finally {
    await context.close();
  }
});
