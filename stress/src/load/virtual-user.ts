import { LIMITS } from '@drape/auth';
import { tierPolicy } from '@drape/contracts';
import type { LoadAccount } from './accounts';

/**
 * One virtual user's state between its calls: its session, what the server last told it (its
 * quota, the look it holds, the LookBook page it sees, its wardrobe), and its budgets. A person
 * never meets the limits by using the product, so neither does a virtual user: it counts what it
 * spends against the server's limits and, like the web app, does not ask for what it may not have
 * (the journey reads these to choose each call).
 */
export interface Selection {
  field: 'trend' | 'colorPalette' | 'occasion';
  id: string;
}

export interface HeldLook {
  imageId: string;
  /** A piece of the look, for the shop click. */
  pieceId: string | null;
}

export interface SavedLook {
  imageId: string;
  /** The wardrobe entry's id (the notes call names it). */
  itemId: string;
}

/**
 * Per-user budgets under the server's limits for the length of a run (all of them are per 15
 * minutes or longer): the limit less a margin, so that a run never measures a refusal.
 */
const margin = (points: number) => Math.floor(points * 0.8);
export const BUDGETS = {
  signIns: margin(LIMITS.loginIp.points),
  shares: margin(LIMITS.shareUser.points),
  wardrobeWrites: margin(LIMITS.wardrobeUser.points),
  shopClicks: margin(LIMITS.shoppingClickUser.points),
  getMyLookPerMinute: margin(LIMITS.generateUser.points),
} as const;

/** A small seeded generator: a run's choices differ between users and repeat between runs. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class VirtualUser {
  readonly account: LoadAccount;
  readonly random: () => number;
  token: string | null = null;
  /** From the profile: Get My Look's daily limit and what is used of it. */
  quota = { used: 0, limit: 0 };
  /** The look in hand: Get My Look's answer, or a LookBook look when the quota is spent. */
  look: HeldLook | null = null;
  /** The LookBook page last seen, and whether it said there is more. */
  lookbook: HeldLook[] = [];
  lookbookHasMore = false;
  /** The look saved for the look in hand (null when none was). */
  savedNow: SavedLook | null = null;
  /** The wardrobe, oldest first, as this user made it. */
  wardrobe: SavedLook[] = [];
  spent = { signIns: 0, shares: 0, wardrobeWrites: 0, shopClicks: 0, getMyLook: 0 };
  visits = 0;
  looks = 0;
  /** This visit's planned looks, those done, and whether it has signed out. */
  visitLooks = 0;
  looksThisVisit = 0;
  visitOver = false;
  private readonly getMyLookTimes: number[] = [];

  constructor(account: LoadAccount, readonly selections: readonly Selection[]) {
    this.account = account;
    this.random = mulberry32(account.index + 1);
  }

  get policy() {
    return tierPolicy(this.account.tier);
  }

  startVisit(looks: number): void {
    this.visits += 1;
    this.visitLooks = looks;
    this.looksThisVisit = 0;
    this.visitOver = false;
  }

  /** Whether to sign out at the end of a visit: only when the next visit can sign in again. */
  canSignInAgain(): boolean {
    return this.spent.signIns < BUDGETS.signIns;
  }

  /** The dashboard's Get My Look button: enabled while today's quota lasts (and under the burst limit). */
  mayGetMyLook(now = Date.now()): boolean {
    const lastMinute = this.getMyLookTimes.filter((t) => now - t < 60_000).length;
    return this.quota.used < this.quota.limit && lastMinute < BUDGETS.getMyLookPerMinute;
  }

  noteGetMyLook(now = Date.now()): void {
    this.getMyLookTimes.push(now);
    this.spent.getMyLook += 1;
  }

  /** A selection as a person picks one from the dashboard: any of them, at random. */
  pickSelection(): Selection {
    return this.selections[Math.floor(this.random() * this.selections.length)]!;
  }

  /** A LookBook look this user has not saved: what it saves when Get My Look is not available. */
  unsavedLookbookLook(): HeldLook | null {
    const saved = new Set(this.wardrobe.map((w) => w.imageId));
    return this.lookbook.find((l) => !saved.has(l.imageId)) ?? null;
  }

  isSaved(imageId: string): boolean {
    return this.wardrobe.some((w) => w.imageId === imageId);
  }

  /** A Stylist's wardrobe is capped: the user removes its oldest look before the cap is met. */
  wardrobeNearlyFull(): boolean {
    const cap = this.policy.wardrobeCap;
    return cap !== null && this.wardrobe.length >= cap - 2;
  }

  mayWriteWardrobe(writes = 1): boolean {
    return this.spent.wardrobeWrites + writes <= BUDGETS.wardrobeWrites;
  }
}
