import type { z } from 'zod';
import {
  adminGenerateInput, adminLoginInput, adminUsersListInput, auditLogInput, batchGenerateInput, batchJobIdInput, blockedListInput,
  blockedRestoreInput, blockedReviewInput, changePasswordInput, checkUsernameInput, comboDetailsInput, comboMatrixInput,
  deleteAccountInput, endUserSessionsInput, fashionItemsInput, forgotPasswordInput, galleryImageInput, galleryListInput,
  generateOutfitInput, geolocationPreferencesInput, inventoryCombinationInput, loginInput, lookbookListInput, registerInput,
  resetPasswordInput, searchUsersInput, setPerformanceInput, shareOutfitInput, startSequentialBatchInput, trackClickInput,
  trackShareInput, updatePlatformSettingsInput, updateProfileInput, wardrobeImageInput, wardrobeListInput, wardrobeNotesInput,
} from '@drape/contracts';
// Admin: showcase lookbook manager
import { addToShowcaseInput, lookbookImagesInput, removeFromLookbookInput, removeFromShowcaseInput, showcaseItemsInput } from '@drape/contracts';
// Admin: held referrals
import { decideReferralInput, userReferralsInput } from '@drape/contracts';
import type { Caller } from '../router';

/**
 * The REST adapter: one row per documented path (spec user-area §7, settings-and-admin §7). A row
 * names the contracts schema of its input (for OpenAPI) and calls its procedure through a typed
 * caller, so a renamed procedure or a changed input is a type error here; the rules live in the
 * procedures, never here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: 'public' | 'user' | 'admin';
  /** Status of a success answer (200 unless said). */
  status?: number;
  /** The input's schema: the procedure parses the same one; OpenAPI is generated from it. */
  input?: z.ZodType;
  /** The request as the procedure's input (validated by the procedure, not here). */
  read(req: RestRequest): unknown;
  call(caller: Caller, input: unknown): Promise<unknown>;
}

/** GET reads the query and path, the others the body and path. */
function defaultRead(method: HttpMethod) {
  return (req: RestRequest): unknown => {
    if (method === 'GET') return { ...req.query, ...req.params };
    const body = req.body ?? {};
    return Object.keys(req.params).length && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...req.params } : body;
  };
}

interface RowSpec<S extends z.ZodType | undefined> {
  method: HttpMethod;
  path: string;
  summary: string;
  auth: RestRoute['auth'];
  status?: number;
  input?: S;
  read?: (req: RestRequest) => unknown;
  /** Typed by the schema: the procedure must accept what the row documents. */
  call: (caller: Caller, input: S extends z.ZodType ? z.input<S> : undefined) => Promise<unknown>;
}

function row<S extends z.ZodType | undefined = undefined>(spec: RowSpec<S>): RestRoute {
  const read = spec.input ? (spec.read ?? defaultRead(spec.method)) : () => undefined;
  // The one cast of the table: the procedure validates the request against the same schema.
  return { ...spec, read, call: spec.call as RestRoute['call'] };
}

export const restRoutes: readonly RestRoute[] = [
  row({ method: 'GET', path: '/api/version', auth: 'public', summary: 'Server name and API version', call: (c) => c.meta.version() }),
  row({ method: 'GET', path: '/api/platform', auth: 'public', summary: 'The platform toggles the web app follows: maintenanceMode (with maintenanceMessage), analyticsTracking, pushNotifications; answered during maintenance', call: (c) => c.meta.platform() }),
  // Accounts (user-area §7)
  row({ method: 'GET', path: '/api/auth/bot-check', auth: 'public', summary: 'An ALTCHA challenge (or the Turnstile site key) for the register form', call: (c) => c.auth.botCheck() }),
  row({ method: 'POST', path: '/api/auth/register', status: 201, auth: 'public', summary: 'Create an account; answers token and user', input: registerInput, call: (c, i) => c.auth.register(i) }),
  row({ method: 'POST', path: '/api/auth/login', auth: 'public', summary: 'Sign in; answers token and user', input: loginInput, call: (c, i) => c.auth.login(i) }),
  row({ method: 'POST', path: '/api/auth/refresh', auth: 'user', summary: 'Extend the session; answers accessToken', call: (c) => c.auth.refresh() }),
  row({ method: 'POST', path: '/api/auth/logout', auth: 'user', summary: 'End this session', call: (c) => c.auth.logout() }),
  row({ method: 'POST', path: '/api/auth/logout-all-devices', auth: 'user', summary: 'End every session of the user, this one too', call: (c) => c.auth.logoutAllDevices() }),
  row({ method: 'POST', path: '/api/auth/forgot-password', auth: 'public', summary: 'Mail a reset link; the same answer whether or not the account exists', input: forgotPasswordInput, call: (c, i) => c.auth.forgotPassword(i) }),
  row({ method: 'POST', path: '/api/auth/reset-password', auth: 'public', summary: 'Set a new password with a reset token', input: resetPasswordInput, call: (c, i) => c.auth.resetPassword(i) }),
  row({ method: 'GET', path: '/api/auth/sessions', auth: 'user', summary: 'The active sessions of the user', call: (c) => c.auth.sessions() }),
  row({ method: 'GET', path: '/api/auth/check-username/:username', auth: 'public', summary: 'Whether a username is free', input: checkUsernameInput, call: (c, i) => c.auth.checkUsername(i) }),
  row({ method: 'GET', path: '/api/auth/search-users', auth: 'public', summary: 'Referrer search by name prefix (2 characters or more)', input: searchUsersInput, call: (c, i) => c.auth.searchUsers(i) }),
  row({ method: 'GET', path: '/api/user/profile', auth: 'user', summary: 'The signed-in user', call: (c) => c.user.profile() }),
  row({ method: 'PATCH', path: '/api/user/profile', auth: 'user', summary: 'Update the profile, or the style vibe and body shape preferences', input: updateProfileInput, call: (c, i) => c.user.updateProfile(i) }),
  row({ method: 'POST', path: '/api/user/change-password', auth: 'user', summary: 'Change the password; other sessions end', input: changePasswordInput, call: (c, i) => c.user.changePassword(i) }),
  row({ method: 'DELETE', path: '/api/user/delete-account', auth: 'user', summary: 'Request deletion (30-day grace; logging in cancels it)', input: deleteAccountInput, call: (c, i) => c.user.deleteAccount(i) }),
  row({ method: 'POST', path: '/api/user/geolocation-preferences', auth: 'user', summary: 'Shopping region preferences', input: geolocationPreferencesInput, call: (c, i) => c.user.geolocationPreferences(i) }),
  // Shopping (user-area §3, §7)
  row({ method: 'GET', path: '/api/user/localized-domains', auth: 'user', summary: "The user's regional Google and Amazon sites, and where the region came from", call: (c) => c.shopping.localizedDomains() }),
  row({ method: 'POST', path: '/api/fashion-items/:id/track-click', auth: 'user', summary: 'Record a shopping link opened for a piece (google or amazon)', input: trackClickInput, call: (c, i) => c.shopping.trackClick(i) }),
  // Catalog (user-area §7)
  row({ method: 'GET', path: '/api/monthly-trends', auth: 'public', summary: "This month's trends", call: (c) => c.catalog.monthlyTrends() }),
  row({ method: 'GET', path: '/api/seasons', auth: 'public', summary: 'Seasons with their color palettes', call: (c) => c.catalog.seasons() }),
  row({ method: 'GET', path: '/api/occasions', auth: 'public', summary: 'Occasions with their icon names', call: (c) => c.catalog.occasions() }),
  row({ method: 'GET', path: '/api/style-vibes', auth: 'user', summary: 'Style vibes (Stylist and above)', call: (c) => c.catalog.styleVibes() }),
  row({ method: 'GET', path: '/api/body-shapes', auth: 'user', summary: 'Body shapes (Stylist and above)', call: (c) => c.catalog.bodyShapes() }),
  row({ method: 'GET', path: '/api/skin-tones', auth: 'public', summary: 'Skin tones', call: (c) => c.catalog.skinTones() }),
  row({ method: 'GET', path: '/api/trend-conversion', auth: 'public', summary: 'Which names are occasions and which are trends', call: (c) => c.catalog.trendConversion() }),
  row({ method: 'GET', path: '/api/landing/showcase', auth: 'public', summary: "One picture per trend, palette and occasion, and the landing carousel's looks", call: (c) => c.catalog.landingShowcase() }),
  row({ method: 'GET', path: '/api/lookbook/stats', auth: 'public', summary: "The landing's LookBook blurb", call: (c) => c.catalog.lookbookStats() }),
  // Generation (user-area §7)
  row({ method: 'POST', path: '/api/generate-outfit', auth: 'user', summary: 'Get My Look: an outfit from inventory, or generated live', input: generateOutfitInput, call: (c, i) => c.generate.outfit(i) }),
  row({ method: 'GET', path: '/api/fashion-items/:imageId', auth: 'public', summary: "The pieces of a look the caller may see (the share rule: served to them, saved, shared or in the LookBook; signed out, shared or in the LookBook), else 404; an admin token reads every look's", input: fashionItemsInput, call: (c, i) => c.generate.fashionItems(i) }),
  // Sharing (user-area §2 Shared outfit link, §7)
  row({ method: 'POST', path: '/api/share/outfit', auth: 'user', summary: 'Share a look the user may see; answers its public shareUrl', input: shareOutfitInput, call: (c, i) => c.share.create(i) }),
  row({ method: 'GET', path: '/api/share/outfit/:imageId', auth: 'public', summary: 'The outfit of a shared link (a shared or LookBook look); counted as served to a signed-in caller', input: shareOutfitInput, call: (c, i) => c.share.outfit(i) }),
  row({ method: 'POST', path: '/api/user/track-share', auth: 'user', summary: "Count a share: today's +3 bonus, once a day; answers the day's limit", input: trackShareInput, call: (c, i) => c.share.track(i) }),
  // Wardrobe and LookBook (user-area §2, §7)
  row({ method: 'GET', path: '/api/siims/wardrobe', auth: 'user', summary: "A page of the user's saved looks (filters, newest or oldest first), the total and the wardrobe's size against its cap", input: wardrobeListInput, call: (c, i) => c.wardrobe.list(i) }),
  row({ method: 'GET', path: '/api/siims/wardrobe/collections', auth: 'user', summary: "Smart collections of the user's saved looks by occasion, style and trend, with counts and previews", call: (c) => c.wardrobe.collections() }),
  row({ method: 'POST', path: '/api/siims/wardrobe', status: 201, auth: 'user', summary: 'Save a look the user may see to the wardrobe (Stylist and above; a Stylist keeps 20)', input: wardrobeImageInput, call: (c, i) => c.wardrobe.save(i) }),
  row({ method: 'DELETE', path: '/api/siims/wardrobe/:imageId', auth: 'user', summary: 'Remove a look from the wardrobe; removed is false when it was not there', input: wardrobeImageInput, call: (c, i) => c.wardrobe.remove(i) }),
  row({ method: 'PATCH', path: '/api/siims/wardrobe/:id/notes', auth: 'user', summary: "The owner's notes on a saved look (by wardrobe item id); empty notes clear them", input: wardrobeNotesInput, call: (c, i) => c.wardrobe.notes(i) }),
  row({ method: 'GET', path: '/api/siims/lookbook', auth: 'user', summary: 'A page of the LookBook, newest first (Stylist: 50 looks a session, no filters; Fashion Icon: all, with filters)', input: lookbookListInput, call: (c, i) => c.lookbook.list(i) }),
  // Administrators (settings-and-admin §7.2)
  row({ method: 'POST', path: '/api/admin/login', auth: 'public', summary: 'Admin sign-in; answers a short-lived token', input: adminLoginInput, call: (c, i) => c.admin.login(i) }),
  row({ method: 'GET', path: '/api/admin/me', auth: 'admin', summary: 'The admin of the token', call: (c) => c.admin.me() }),
  row({ method: 'POST', path: '/api/admin/logout', auth: 'admin', summary: "End this admin token on the server (the admin's other sign-ins stay valid)", call: (c) => c.admin.logout() }),
  // Admin: settings (platform toggles, prompts, performance mode)
  row({ method: 'GET', path: '/api/admin/settings', auth: 'admin', summary: 'The platform toggles: maintenanceMode, analyticsTracking, pushNotifications', call: (c) => c.admin.settings.get() }),
  row({ method: 'PATCH', path: '/api/admin/settings', auth: 'admin', summary: 'Change any of the platform toggles; Maintenance Mode on makes every user call answer 503', input: updatePlatformSettingsInput, call: (c, i) => c.admin.settings.update(i) }),
  row({ method: 'POST', path: '/api/admin/regenerate-enhanced-prompts', auth: 'admin', summary: "Rewrite every combination's enhanced prompt; answers updated, errors, total, duration (ms), samplePromptLength", call: (c) => c.admin.prompts.regenerate() }),
  row({ method: 'GET', path: '/api/admin/verify-prompts', auth: 'admin', summary: 'Whether every active combination holds its current prompt: active, stale, missing, ok, samples (codes)', call: (c) => c.admin.prompts.verify() }),
  row({ method: 'GET', path: '/api/admin/sample-prompts', auth: 'admin', summary: 'A few stored prompts, per gender and selection kind', call: (c) => c.admin.prompts.samples() }),
  row({ method: 'GET', path: '/api/admin/performance-mode', auth: 'admin', summary: 'The performance mode in force and its numbers', call: (c) => c.admin.performance.get() }),
  row({ method: 'POST', path: '/api/admin/optimize-runpod-performance', auth: 'admin', summary: 'increase_concurrency (aggressive) or reset_defaults (conservative); running workers apply it within seconds', input: setPerformanceInput, call: (c, i) => c.admin.performance.set(i) }),
  // Admin: batch generation
  row({ method: 'GET', path: '/api/admin/batch-jobs', auth: 'admin', summary: 'The newest batch jobs, newest first: status, progress, successRate and metrics', call: (c) => c.admin.batch.list() }),
  row({ method: 'POST', path: '/api/admin/batch-jobs/:id/cancel', auth: 'admin', summary: 'Cancel a running batch job (409 when it is not running)', input: batchJobIdInput, call: (c, i) => c.admin.batch.cancel(i) }),
  row({ method: 'POST', path: '/api/admin/clear-pipeline', auth: 'admin', summary: 'Cancel running batches, drop queued generate jobs, empty the SEV queue', call: (c) => c.admin.batch.clearPipeline() }),
  row({ method: 'POST', path: '/api/admin/sev-queue-init', auth: 'admin', summary: 'Rebuild the SEV queue, most severe first (409 while a batch runs); answers message', call: (c) => c.admin.batch.initQueue() }),
  row({ method: 'POST', path: '/api/admin/batch-generate', auth: 'admin', summary: 'A priority batch over one SEV level (priorityFilter SEV-1..SEV-4 or all), at most limit combinations; answers jobId', input: batchGenerateInput, call: (c, i) => c.admin.batch.generate(i) }),
  row({ method: 'POST', path: '/api/admin/batch-generate-sequential', auth: 'admin', summary: 'A sequential batch over the SEV queue (optional cycles 1-5, limit); answers jobId', input: startSequentialBatchInput, call: (c, i) => c.admin.batch.startSequential(i) }),
  row({ method: 'GET', path: '/api/admin/audit-log', auth: 'admin', summary: 'Admin changes, audited reads and refused admin sign-ins and calls, newest first (limit, before, action, targetId, outcome ok or refused)', input: auditLogInput, call: (c, i) => c.admin.audit.list(i) }),
  // Admin: analytics, severity, pods, inventory and combo matrix
  row({ method: 'GET', path: '/api/admin/stats', auth: 'admin', summary: 'totalUsers, dau (active in 24 h), mau (30 days), signups (30 days)', call: (c) => c.admin.analytics.stats() }),
  row({ method: 'GET', path: '/api/admin/inventory-stats', auth: 'admin', summary: 'Looks: total, viewable, lookbook, archived, totalViewed, dailyCreated (today, UTC)', call: (c) => c.admin.analytics.inventoryStats() }),
  row({ method: 'GET', path: '/api/admin/inventory-severity', auth: 'admin', summary: 'Active combinations per severity level SEV-1 to SEV-5', call: (c) => c.admin.severity.inventory() }),
  row({ method: 'GET', path: '/api/admin/sev-queue-status', auth: 'admin', summary: "The SEV queue's current focus and per-level progress across cycles", call: (c) => c.admin.severity.queueStatus() }),
  row({ method: 'GET', path: '/api/admin/sev-stats', auth: 'admin', summary: 'Combinations at SEV-1, SEV-2 and SEV-3', call: (c) => c.admin.severity.sevStats() }),
  row({ method: 'GET', path: '/api/admin/runpods-status', auth: 'admin', summary: 'The pipeline workers (the spec\'s pods), newest first, with status and heartbeat', call: (c) => c.admin.severity.pods() }),
  row({ method: 'GET', path: '/api/admin/combo-matrix', auth: 'admin', summary: 'Active combinations with image counts and severity (gender, selectionKind, severity, page, limit)', input: comboMatrixInput, call: (c, i) => c.admin.inventory.matrix(i) }),
  row({ method: 'GET', path: '/api/admin/inventory/:combinationCode', auth: 'admin', summary: "One combination's prompt, looks per status and newest looks", input: inventoryCombinationInput, call: (c, i) => c.admin.inventory.combination(i) }),
  // Admin: Image Gallery
  row({ method: 'GET', path: '/api/admin/images', auth: 'admin', summary: 'A page of the generated looks, newest or oldest first (page, limit 20, search, status, gender, skinTone, bodyShape, occasion, styleVibe, season)', input: galleryListInput, call: (c, i) => c.admin.gallery.list(i) }),
  row({ method: 'GET', path: '/api/admin/filter-options', auth: 'admin', summary: "The gallery's filter choices from the catalog", call: (c) => c.admin.gallery.filterOptions() }),
  row({ method: 'GET', path: '/api/admin/combo-details/:combinationCode', auth: 'admin', summary: "A combination's names, prompt, image counts and severity", input: comboDetailsInput, call: (c, i) => c.admin.gallery.comboDetails(i) }),
  row({ method: 'POST', path: '/api/admin/images/:id/make-public', auth: 'admin', summary: 'Put a look in the LookBook as an admin choice (already there: unchanged)', input: galleryImageInput, call: (c, i) => c.admin.gallery.makePublic(i) }),
  row({ method: 'DELETE', path: '/api/admin/images/:id', auth: 'admin', summary: "Delete a look for good, rows and files; refused (409) while a user's wardrobe holds it", input: galleryImageInput, call: (c, i) => c.admin.gallery.remove(i) }),
  row({ method: 'POST', path: '/api/admin/cleanup-low-quality', auth: 'admin', summary: 'Delete the looks under the quality thresholds (65 female fair skin, 70 others); busy while another cleanup runs', call: (c) => c.admin.gallery.cleanupLowQuality() }),
  // Users tab, single generator (admin.users, admin.generator)
  row({ method: 'POST', path: '/api/admin/create-test-users', auth: 'admin', summary: 'One test user per tier; answers their passwords once', call: (c) => c.admin.users.createTestUsers() }),
  row({ method: 'GET', path: '/api/admin/users', auth: 'admin', summary: 'Users, newest sign-ups first (search, tier, isTest, limit, cursor)', input: adminUsersListInput, call: (c, i) => c.admin.users.list(i) }),
  row({ method: 'POST', path: '/api/admin/users/:userId/end-sessions', auth: 'admin', summary: 'End every session of a user', input: endUserSessionsInput, call: (c, i) => c.admin.users.endSessions(i) }),
  row({ method: 'GET', path: '/api/admin/users/:userId/referrals', auth: 'admin', summary: 'The referrals a user made, newest first, each counted, held, released or revoked', input: userReferralsInput, call: (c, i) => c.admin.users.referrals(i) }),
  row({ method: 'POST', path: '/api/admin/users/:userId/referral/release', auth: 'admin', summary: 'Let the held referral that brought this user in count toward the referrer\'s tier', input: decideReferralInput, call: (c, i) => c.admin.users.releaseReferral(i) }),
  row({ method: 'POST', path: '/api/admin/users/:userId/referral/revoke', auth: 'admin', summary: 'Make the held referral that brought this user in never count', input: decideReferralInput, call: (c, i) => c.admin.users.revokeReferral(i) }),
  row({ method: 'GET', path: '/api/admin/generator/options', auth: 'admin', summary: 'What the single generator offers', call: (c) => c.admin.generator.options() }),
  row({ method: 'POST', path: '/api/admin/generator/generate', auth: 'admin', summary: 'Render one look now through the pipeline', input: adminGenerateInput, call: (c, i) => c.admin.generator.generate(i) }),
  // Blocked images
  row({ method: 'GET', path: '/api/admin/blocked-images', auth: 'admin', summary: 'Images the generation checks refused (page, limit, reviewStatus, rejectionReason, gender, sortBy); images, hasMore', input: blockedListInput, call: (c, i) => c.admin.blocked.list(i) }),
  row({ method: 'GET', path: '/api/admin/blocked-images/stats', auth: 'admin', summary: 'Blocked images per review status, and how many the cleanup would delete', call: (c) => c.admin.blocked.stats() }),
  row({ method: 'POST', path: '/api/admin/blocked-images/:id/restore', auth: 'admin', summary: 'Put a pending blocked image into the inventory (its file moves to the public store); 409 once it is not pending', input: blockedRestoreInput, call: (c, i) => c.admin.blocked.restore(i) }),
  row({ method: 'POST', path: '/api/admin/blocked-images/:id/review', auth: 'admin', summary: 'Approve or reject a pending blocked image, with optional notes', input: blockedReviewInput, call: (c, i) => c.admin.blocked.review(i) }),
  row({ method: 'POST', path: '/api/admin/blocked-images/cleanup', auth: 'admin', summary: 'Delete the rejected blocked images and those reviewed 30 days ago, with their files; deletedCount', call: (c) => c.admin.blocked.cleanup() }),
  // Admin: showcase lookbook manager ({base}/lookbook)
  row({ method: 'GET', path: '/api/admin/lookbook-images', auth: 'admin', summary: 'LookBook looks, newest in the LookBook first, 24 a page (page, gender)', input: lookbookImagesInput, call: (c, i) => c.admin.showcase.lookbookImages(i) }),
  row({ method: 'GET', path: '/api/admin/showcase-items', auth: 'admin', summary: "The landing showcase in the carousel's order, 24 a page (page)", input: showcaseItemsInput, call: (c, i) => c.admin.showcase.items(i) }),
  row({ method: 'POST', path: '/api/admin/add-to-showcase', auth: 'admin', summary: 'A LookBook look joins the showcase (imageId, combinationCode)', input: addToShowcaseInput, call: (c, i) => c.admin.showcase.add(i) }),
  row({ method: 'DELETE', path: '/api/admin/showcase-items/:imageId', auth: 'admin', summary: 'A look leaves the showcase', input: removeFromShowcaseInput, call: (c, i) => c.admin.showcase.remove(i) }),
  row({ method: 'DELETE', path: '/api/admin/lookbook-images/:imageId', auth: 'admin', summary: 'A look leaves the LookBook (and the showcase) for good', input: removeFromLookbookInput, call: (c, i) => c.admin.showcase.removeFromLookbook(i) }),
];
