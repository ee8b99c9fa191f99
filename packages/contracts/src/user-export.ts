import { z } from './zod';
import { profileAnswer } from './auth-answers';
import { SHOPPING_COUNTRIES, SHOPPING_PLATFORMS } from './shopping';
import { CLOSET_CATEGORIES, CLOSET_PATTERNS } from './closet';
import { COLOR_FAMILIES } from './domain/catalog';

/**
 * GET /api/user/export (issue 18, "Download my data"): everything Drape keeps about the user, as
 * one ZIP file (issue 19, section 3): `data.json` (dataExportAnswer below) and the photos of the
 * user's pieces (`closet/<id>.jpg`). Nothing that opens the account (no password hash, no session
 * token or its hash) and nothing about another user: referrals are a count, a share names only
 * the look. Over tRPC the procedure answers data.json's content alone.
 */

/** A few downloads an hour: each reads every table of the user's; a person needs one. */
export const DATA_EXPORT_LIMIT = { points: 5, duration: 60 * 60 } as const;

export const dataExportMessages = {
  rateLimited: 'You can download your data a few times an hour.',
  failed: 'Could not prepare your data. Please try again.',
  downloaded: 'Your data is downloading.',
} as const;

/** The file's name: drape-data-<username>-<YYYY-MM-DD>.zip (the username's safe characters only). */
export function dataExportFilename(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_-]/g, '') || 'user';
  return `drape-data-${safe}-${at.toISOString().slice(0, 10)}.zip`;
}

export const DATA_EXPORT_CONTENT_TYPE = 'application/zip';
/** The data's file inside the ZIP. */
export const DATA_EXPORT_JSON = 'data.json';
/** A piece's photo inside the ZIP. */
export const dataExportPhotoPath = (pieceId: string): string => `closet/${pieceId}.jpg`;

const iso = z.string();

export const dataExportAnswer = z.object({
  format: z.literal('drape-data-export'),
  /** 2: the closet's pieces added, and the file moved into a ZIP with their photos. */
  version: z.literal(2),
  exportedAt: iso,
  profile: profileAnswer.shape.user.extend({ updatedAt: iso }),
  sessions: z.array(z.object({
    current: z.boolean(),
    createdAt: iso,
    lastActivityAt: iso,
    expiresAt: iso,
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    deviceType: z.string(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
  })),
  wardrobe: z.array(z.object({
    imageId: z.string(),
    imageUrl: z.string().nullable(),
    savedAt: iso,
    notes: z.string().nullable(),
    gender: z.string(),
    selection: z.object({ kind: z.string(), id: z.string() }),
    styleVibe: z.string().nullable(),
  })),
  /** The looks served to the user (Get My Look, shared links opened signed in). */
  viewedLooks: z.array(z.object({ imageId: z.string(), viewedAt: iso })),
  shares: z.array(z.object({ imageId: z.string(), sharedAt: iso, shareUrl: z.string() })),
  shoppingClicks: z.array(z.object({
    at: iso,
    platform: z.enum(SHOPPING_PLATFORMS),
    country: z.enum(SHOPPING_COUNTRIES),
    domain: z.string(),
    imageId: z.string(),
    fashionItemId: z.string(),
  })),
  dailyUsage: z.array(z.object({ day: z.string(), used: z.number(), shared: z.boolean() })),
  referrals: z.object({ count: z.number() }),
  /** A capped tier's LookBook session (issue 18): where its window starts, how far it went, its last page (null: signed out). */
  lookbookSession: z.object({ windowStart: z.number(), viewed: z.number(), lastActiveAt: iso.nullable() }).nullable(),
  /**
   * My Pieces: each piece as the user sees it, what its photo measured, and its photo's path in
   * the ZIP (null if the file could not be found).
   */
  closetPieces: z.array(z.object({
    id: z.string(),
    name: z.string(),
    category: z.enum(CLOSET_CATEGORIES),
    colorFamily: z.enum(COLOR_FAMILIES),
    measuredColorFamily: z.enum(COLOR_FAMILIES),
    colorHex: z.string(),
    pattern: z.enum(CLOSET_PATTERNS),
    createdAt: iso,
    updatedAt: iso,
    photo: z.string().nullable(),
  })),
});
export type DataExportAnswer = z.output<typeof dataExportAnswer>;
