import { z } from './zod';
import { profileAnswer } from './auth-answers';
import { SHOPPING_COUNTRIES, SHOPPING_PLATFORMS } from './shopping';

/**
 * GET /api/user/export (issue 18, "Download my data"): everything Drape keeps about the user, as
 * one JSON file. Nothing that opens the account (no password hash, no session token or its hash)
 * and nothing about another user: referrals are a count, a share names only the look.
 */

/** A few downloads an hour: each reads every table of the user's; a person needs one. */
export const DATA_EXPORT_LIMIT = { points: 5, duration: 60 * 60 } as const;

export const dataExportMessages = {
  rateLimited: 'You can download your data a few times an hour.',
  failed: 'Could not prepare your data. Please try again.',
  downloaded: 'Your data is downloading.',
} as const;

/** The file's name: drape-data-<username>-<YYYY-MM-DD>.json (the username's safe characters only). */
export function dataExportFilename(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9_-]/g, '') || 'user';
  return `drape-data-${safe}-${at.toISOString().slice(0, 10)}.json`;
}

const iso = z.string();

export const dataExportAnswer = z.object({
  format: z.literal('drape-data-export'),
  version: z.literal(1),
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
});
export type DataExportAnswer = z.output<typeof dataExportAnswer>;
