import type { RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import { sharedOutfitPath } from '@drape/contracts/share';
import { closetPieceName } from '@drape/contracts/closet';
import { DATA_EXPORT_CONTENT_TYPE, dataExportFilename, dataExportMessages, dataExportPhotoPath, type DataExportAnswer } from '@drape/contracts/user';
import type { Db, SessionRow, UserRow } from '@drape/db';
import { mediaUrl } from '@drape/looks';
import type { Storage } from '@drape/storage';
import type { ResponseHints } from '../context';
import { rateLimited } from '../errors';
import { countingReferrals } from '../referrals/referrals.service';
import { dataExportArchive, type ArchivedFile } from './export-archive';
import { toPublicUser } from './user.view';

export interface DataExportDeps {
  db: Db;
  config: Pick<Config, 'CDN_BASE_URL' | 'publicOrigin'>;
  rateLimits: RateLimits;
  storage: Storage;
}

/** Photos are looked up this many at a time (a stat on disk, a HEAD on S3). */
const STAT_LANES = 16;

/** Which of the keys the private area holds. */
async function storedKeys(storage: Storage, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += STAT_LANES) {
    const batch = keys.slice(i, i + STAT_LANES);
    const stats = await Promise.all(batch.map((key) => storage.stat('private', key)));
    batch.forEach((key, j) => stats[j] && found.add(key));
  }
  return found;
}

const iso = (d: Date) => new Date(d).toISOString();

/**
 * GET /api/user/export: every row Drape keeps about the user, read by the user's id only, so
 * nothing of another user can enter it. Left out on purpose: the password hash, the sessions' ids
 * (each is its token's hash), reset tokens, who referred the user and whom they referred (a count).
 * The REST answer is a ZIP of this answer (data.json) and the user's closet photos; tRPC answers
 * data.json's content.
 */
export async function exportUserData(deps: DataExportDeps, user: UserRow, current: SessionRow, response: ResponseHints): Promise<DataExportAnswer> {
  const limit = await deps.rateLimits.consume('dataExportUser', user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds, 'rate_limited', dataExportMessages.rateLimited);
  const { db } = deps;
  const [profile, sessions, wardrobe, views, shares, clicks, usage, referrals, lookbookSession, pieces] = await Promise.all([
    toPublicUser(db, user),
    db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('wardrobe_items as w').leftJoin('generated_images as gi', 'gi.id', 'w.image_id')
      .select(['w.image_id', 'w.notes', 'w.created_at', 'w.gender', 'w.selection_kind', 'w.selection_id', 'w.style_vibe', 'gi.storage_key'])
      .where('w.user_id', '=', user.id).orderBy('w.created_at').orderBy('w.id').execute(),
    db.selectFrom('image_views').select(['image_id', 'viewed_at']).where('user_id', '=', user.id).orderBy('viewed_at').execute(),
    db.selectFrom('outfit_shares').select(['image_id', 'created_at']).where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('shopping_clicks').select(['created_at', 'retailer', 'country', 'domain', 'image_id', 'fashion_item_id']).where('user_id', '=', user.id).orderBy('created_at').execute(),
    db.selectFrom('daily_usage').select(['day', 'used', 'shared']).where('user_id', '=', user.id).orderBy('day').execute(),
    countingReferrals(db, user.id),
    db.selectFrom('lookbook_sessions').select(['window_start', 'viewed', 'last_active_at']).where('user_id', '=', user.id).executeTakeFirst(),
    db.selectFrom('closet_pieces').selectAll().where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const stored = await storedKeys(deps.storage, pieces.map((p) => p.photo_key));
  const photos: ArchivedFile[] = pieces.filter((p) => stored.has(p.photo_key)).map((p) => ({ path: dataExportPhotoPath(p.id), key: p.photo_key }));
  const now = new Date();
  const data: DataExportAnswer = {
    format: 'drape-data-export',
    version: 2,
    exportedAt: now.toISOString(),
    profile: { ...profile, updatedAt: iso(user.updated_at) },
    sessions: sessions.map((s) => ({
      current: s.id === current.id,
      createdAt: iso(s.created_at), lastActivityAt: iso(s.last_activity_at), expiresAt: iso(s.expires_at),
      ipAddress: s.ip_address, userAgent: s.user_agent, deviceType: s.device_type, browser: s.browser, os: s.os,
    })),
    wardrobe: wardrobe.map((w) => ({
      imageId: w.image_id,
      imageUrl: w.storage_key ? mediaUrl(deps.config, w.storage_key) : null,
      savedAt: iso(w.created_at),
      notes: w.notes,
      gender: w.gender,
      selection: { kind: w.selection_kind, id: w.selection_id },
      styleVibe: w.style_vibe,
    })),
    viewedLooks: views.map((v) => ({ imageId: v.image_id, viewedAt: iso(v.viewed_at) })),
    shares: shares.map((s) => ({ imageId: s.image_id, sharedAt: iso(s.created_at), shareUrl: `${deps.config.publicOrigin}${sharedOutfitPath(s.image_id)}` })),
    shoppingClicks: clicks.map((c) => ({ at: iso(c.created_at), platform: c.retailer, country: c.country, domain: c.domain, imageId: c.image_id, fashionItemId: c.fashion_item_id })),
    dailyUsage: usage.map((u) => ({ day: String(u.day), used: u.used, shared: u.shared })),
    referrals: { count: referrals },
    lookbookSession: lookbookSession
      ? { windowStart: lookbookSession.window_start, viewed: lookbookSession.viewed, lastActiveAt: lookbookSession.last_active_at ? iso(lookbookSession.last_active_at) : null }
      : null,
    closetPieces: pieces.map((p) => ({
      id: p.id,
      name: p.name ?? closetPieceName(p.color_family, p.category),
      category: p.category,
      colorFamily: p.color_family,
      measuredColorFamily: p.measured_color_family,
      colorHex: p.color_hex,
      pattern: p.pattern,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
      photo: stored.has(p.photo_key) ? dataExportPhotoPath(p.id) : null,
    })),
  };
  response.attachment = { filename: dataExportFilename(user.username, now) };
  response.restFile = { contentType: DATA_EXPORT_CONTENT_TYPE, body: () => dataExportArchive(deps.storage, data, photos) };
  return data;
}
