import { CLOSET_PIECES_PATH, closetPhotoPath } from '@drape/contracts/closet';
import { multipart, plainPhoto, uploadParts } from '../testing/closet';
import type { CallContext } from './call-context';
import type { RawRequest } from './http';
import { ADMIN_PASSWORD, PASSWORD } from './world';

/**
 * A valid call of every row of access-expectations.ts, for the principal of the context: what the
 * matrix sends, and what the bad-input proof starts each malformed request from. A call that uses
 * something up (a save, a deletion, a sign-out) makes its own fresh thing, so the order of calls
 * never changes an answer.
 */
export interface Call {
  input?: unknown;
  /** The token to call with instead of the principal's (a fresh session or throwaway account); null for none. */
  token?: string | null;
}

export type InputMaker = (c: CallContext) => Call | Promise<Call>;

const none: InputMaker = () => ({});
/** A list with every filter left at its default. */
const defaults: InputMaker = () => ({ input: {} });

let n = 0;
const fresh = (prefix: string) => `${prefix}${Date.now() % 1_000_000}${(n += 1)}`;
export const NEW_PASSWORD = 'another fine password';

export const INPUTS: Record<string, InputMaker> = {
  'auth.botCheck': none,
  'auth.register': async (c) => {
    const name = fresh('p');
    return { input: { email: `${name}@example.com`, password: PASSWORD, username: name.slice(0, 20), firstName: 'Grace', lastName: 'Hopper', turnstileToken: await c.world.s.solveBotCheck() } };
  },
  // A fresh account each: concurrent sign-ins of one account would count toward its lock (10 failures).
  'auth.login': async (c) => ({ input: { email: (await c.world.account('enthusiast')).email, password: PASSWORD } }),
  'auth.refresh': none,
  'auth.logout': async (c) => ({ token: await c.session() }),
  'auth.logoutAllDevices': async (c) => ({ token: (await c.throwaway()).token }),
  'auth.sessions': none,
  'auth.checkUsername': () => ({ input: { username: fresh('free') } }),
  'auth.searchUsers': () => ({ input: { q: 'us' } }),
  'auth.forgotPassword': () => ({ input: { email: `${fresh('nobody')}@example.com` } }),
  'auth.resetPassword': () => ({ input: { token: 'A'.repeat(43), newPassword: NEW_PASSWORD } }),
  'user.profile': none,
  'user.export': none,
  'user.updateProfile': () => ({ input: { bio: 'Linen in summer, wool in winter.' } }),
  'user.changePassword': async (c) => {
    const t = await c.throwaway();
    return { input: { currentPassword: t.account.password, newPassword: NEW_PASSWORD }, token: t.token };
  },
  'user.deleteAccount': async (c) => {
    const t = await c.throwaway();
    return { input: { password: t.account.password }, token: t.token };
  },
  'user.geolocationPreferences': () => ({ input: { geolocationEnabled: true, preferredCountry: 'GB', preferredDomains: { google: 'google.co.uk', amazon: 'amazon.co.uk' } } }),
  'shopping.localizedDomains': none,
  'shopping.trackClick': (c) => ({ input: { id: c.ids.piece, platform: 'google' } }),
  'catalog.monthlyTrends': none,
  'catalog.seasons': none,
  'catalog.occasions': none,
  'catalog.styleVibes': none,
  'catalog.bodyShapes': none,
  'catalog.skinTones': none,
  'catalog.trendConversion': none,
  'catalog.landingShowcase': none,
  'catalog.lookbookStats': none,
  'generate.outfit': () => ({ input: { gender: 'female', occasion: 'Office' } }),
  'generate.outfit#personalised': () => ({ input: { gender: 'female', occasion: 'Office', styleVibe: 'Elegant' } }),
  'generate.fashionItems': (c) => ({ input: { imageId: c.ids.servedLook } }),
  'generate.fashionItems#saved': (c) => ({ input: { imageId: c.ids.savedLook } }),
  'generate.fashionItems#shared': (c) => ({ input: { imageId: c.world.holdings.owner.sharedLook } }),
  'generate.fashionItems#lookbook': (c) => ({ input: { imageId: c.lookbookLook } }),
  'generate.fashionItems#archived': (c) => ({ input: { imageId: c.ids.archivedLook } }),
  'generate.fashionItems#unknown': () => ({ input: { imageId: crypto.randomUUID() } }),
  // Sharing makes a look's link public: a fresh served look, so that the caller's served look stays unshared.
  'share.create': async (c) => ({ input: { imageId: await c.servedLook() } }),
  'share.outfit': (c) => ({ input: { imageId: c.ids.sharedLook } }),
  'share.outfit#unshared': (c) => ({ input: { imageId: c.ids.servedLook } }),
  'share.track': (c) => ({ input: { imageId: c.ids.servedLook, shareType: 'result' } }),
  'wardrobe.list': defaults,
  'wardrobe.collections': none,
  'wardrobe.save': async (c) => ({ input: { imageId: await c.servedLook() } }),
  'wardrobe.remove': async (c) => ({ input: { imageId: await c.savedLook() } }),
  'wardrobe.notes': (c) => ({ input: { id: c.ids.wardrobeItem, notes: 'Pair with white loafers.' } }),
  'wardrobe.contains': (c) => ({ input: { imageIds: [c.ids.savedLook] } }),
  'closet.list': none,
  'closet.update': (c) => ({ input: { id: c.ids.closetPiece, name: 'Linen shirt', pattern: 'solid' } }),
  // Deleting uses a piece up: a fresh one of the caller's.
  'closet.remove': async (c) => ({ input: { id: await c.closetPiece() } }),
  'lookbook.list': defaults,
  'lookbook.list#filtered': () => ({ input: { gender: 'female' } }),
  'meta.version': none,
  'meta.platform': none,
  'admin.login': async (c) => ({ input: { adminKey: await c.admin.adminKey(), password: ADMIN_PASSWORD } }),
  'admin.logout': async (c) => ({ token: await c.admin.token() }),
  'admin.me': none,
  'admin.audit.list': defaults,
  'admin.analytics.stats': none,
  'admin.analytics.inventoryStats': none,
  'admin.severity.inventory': none,
  'admin.severity.queueStatus': none,
  'admin.severity.sevStats': none,
  'admin.severity.pods': none,
  'admin.inventory.matrix': defaults,
  'admin.inventory.combination': (c) => ({ input: { combinationCode: c.admin.combinationCode } }),
  'admin.settings.get': none,
  // The value it has already: a toggle is changed, never Maintenance Mode (every user call would answer 503).
  'admin.settings.update': () => ({ input: { analyticsTracking: true } }),
  'admin.prompts.regenerate': none,
  'admin.prompts.verify': none,
  'admin.prompts.samples': none,
  'admin.performance.get': none,
  'admin.performance.set': () => ({ input: { action: 'reset_defaults' } }),
  'admin.gallery.list': defaults,
  'admin.gallery.filterOptions': none,
  'admin.gallery.comboDetails': (c) => ({ input: { combinationCode: c.admin.combinationCode } }),
  'admin.gallery.makePublic': async (c) => ({ input: { id: await c.admin.look() } }),
  'admin.gallery.remove': async (c) => ({ input: { id: await c.admin.look() } }),
  'admin.gallery.cleanupLowQuality': none,
  'admin.users.createTestUsers': none,
  'admin.users.list': defaults,
  'admin.users.endSessions': async (c) => ({ input: { userId: await c.admin.user() } }),
  'admin.users.referrals': async (c) => ({ input: { userId: await c.admin.referrer() } }),
  'admin.users.releaseReferral': async (c) => ({ input: { userId: await c.admin.referral('held') } }),
  'admin.users.releaseReferral#decided': async (c) => ({ input: { userId: await c.admin.referral('revoked') } }),
  'admin.users.revokeReferral': async (c) => ({ input: { userId: await c.admin.referral('held') } }),
  'admin.users.revokeReferral#decided': async (c) => ({ input: { userId: await c.admin.referral('released') } }),
  'admin.generator.options': none,
  'admin.generator.generate': () => ({ input: { gender: 'female' } }),
  'admin.blocked.list': defaults,
  'admin.blocked.stats': none,
  'admin.blocked.restore': async (c) => ({ input: { id: await c.admin.blocked() } }),
  'admin.blocked.review': async (c) => ({ input: { id: await c.admin.blocked(), status: 'approved', notes: 'Fine on a second look.' } }),
  'admin.blocked.cleanup': none,
  'admin.batch.list': none,
  'admin.batch.startSequential': async (c) => {
    await c.admin.idle();
    return { input: { limit: 1 } };
  },
  'admin.batch.generate': async (c) => {
    await c.admin.idle();
    return { input: { priorityFilter: 'all', limit: 1 } };
  },
  'admin.batch.cancel': async (c) => ({ input: { id: await c.admin.runningBatch() } }),
  'admin.batch.clearPipeline': none,
  'admin.batch.initQueue': async (c) => {
    await c.admin.idle();
    return {};
  },
  'admin.showcase.lookbookImages': defaults,
  'admin.showcase.items': defaults,
  'admin.showcase.add': async (c) => {
    const look = await c.admin.lookbookLook();
    return { input: { imageId: look.id, combinationCode: look.code } };
  },
  'admin.showcase.remove': async (c) => ({ input: { imageId: await c.admin.showcaseLook() } }),
  'admin.showcase.removeFromLookbook': async (c) => ({ input: { imageId: (await c.admin.lookbookLook()).id } }),
};

/** A valid upload of a piece: a small photo and its category, as multipart. */
async function pieceUpload(): Promise<RawRequest> {
  const { body, contentType } = multipart(uploadParts(await (uploadPhoto ??= plainPhoto('#2e6fd8')), { category: 'top' }));
  return { method: 'POST', path: CLOSET_PIECES_PATH, headers: { 'content-type': contentType }, body };
}
let uploadPhoto: Promise<Buffer> | undefined;

/** The request (or its path, for a GET) of each of EXTRA_PATHS (access-expectations.ts), for the principal of the context. */
export const EXTRA_INPUTS: Record<string, (c: CallContext) => string | RawRequest | Promise<string | RawRequest>> = {
  'GET /api/admin/blocked-images/:id/image': async (c) => `/api/admin/blocked-images/${await c.admin.blocked()}/image`,
  'POST /api/closet/pieces': pieceUpload,
  'GET /api/closet/pieces/:id/photo': (c) => closetPhotoPath(c.ids.closetPiece, 'photo'),
  'GET /api/closet/pieces/:id/thumbnail': (c) => closetPhotoPath(c.ids.closetPiece, 'thumbnail'),
  'GET /api/openapi.json': () => '/api/openapi.json',
  'GET /api/assets/logo/official': () => '/api/assets/logo/official',
  'GET /api/docs': () => '/api/docs',
  'GET /api/docs/': () => '/api/docs/',
  'GET /api/docs/js/scalar.js': () => '/api/docs/js/scalar.js',
  'GET /healthz': () => '/healthz',
  'GET /readyz': () => '/readyz',
  'GET /metrics': () => '/metrics',
};
