import { BUDGETS, type HeldLook, type VirtualUser } from './virtual-user';

/**
 * The mixed journey of the load run, one visit after another per virtual user: sign in, the
 * profile, Get My Look, LookBook pages, save the look, notes on it, share it, a shop click, the
 * wardrobe, and sign out; beside them an admin polling the dashboard figures and the gallery. Each
 * step chooses its call from what the server last told the user (its quota, the look it holds, its
 * wardrobe), as the web app does, and never asks for what the user may not have.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Call {
  /** The row of the figures this call is counted in. */
  kind: string;
  method: Method;
  path: string;
  body?: unknown;
  /** Reads a 2xx answer into the user's state. */
  read?: (answer: unknown) => void;
}

/** A step builds its call; null when the user has no session (its sign-in timed out): the visit starts again. */
export type Step<U> = (user: U) => Call | null;

/** The figures' rows in the order of the journey; a run's table lists them so. */
export const CALL_KINDS = [
  'sign in', 'refresh session', 'profile', 'Get My Look', 'LookBook page', 'LookBook next page', 'LookBook filtered page',
  'save to wardrobe', 'notes', 'share', 'track share', 'shop click', 'wardrobe page', 'wardrobe collections',
  'remove from wardrobe', 'sign out', 'sessions',
  'admin: stats', 'admin: inventory stats', 'admin: inventory severity', 'admin: SEV queue', 'admin: SEV stats', 'admin: pods', 'admin: gallery page',
] as const;

interface LookAnswer {
  imageId: string;
  source?: 'inventory' | 'live';
  fashionItems: { id: string }[];
}

const held = (a: LookAnswer): HeldLook => ({ imageId: a.imageId, pieceId: a.fashionItems[0]?.id ?? null });

/** Counts of Get My Look's answers by where they came from (the product's inventory, or rendered live). */
export interface SourceCounts {
  inventory: number;
  live: number;
}

const lookbookPage = (user: VirtualUser, kind: string, query: string): Call => ({
  kind, method: 'GET', path: `/api/siims/lookbook?limit=50${query}`,
  read: (a) => {
    const page = a as { looks: LookAnswer[]; hasMore: boolean };
    user.lookbook = page.looks.map(held);
    user.lookbookHasMore = page.hasMore;
  },
});

/** What a user does when it has no look in hand: it looks at its wardrobe. */
const wardrobePage = (user: VirtualUser): Call => ({
  kind: 'wardrobe page', method: 'GET', path: '/api/siims/wardrobe?limit=50',
  read: (a) => {
    // The server's wardrobe is the truth: a save this user lost track of (a timeout) shows here.
    const page = a as { items: { id: string; imageId: string }[] };
    const known = new Set(user.wardrobe.map((w) => w.imageId));
    for (const item of [...page.items].reverse()) if (!known.has(item.imageId)) user.wardrobe.push({ imageId: item.imageId, itemId: item.id });
  },
});

/**
 * A visit: sign in, then one to five looks (three on average), each the profile (the dashboard
 * reads it again after every look), Get My Look, the LookBook, save it, notes, share, a shop click,
 * the wardrobe; then sign out. People sign in for a visit, not for each look (a sign-in is an
 * argon2 check, ~15 ms of a core by design), and visits of different lengths keep 200 users from
 * signing out and in again in step.
 */
export const MAX_LOOKS_PER_VISIT = 5;

export function userJourney(sources: SourceCounts): Step<VirtualUser>[] {
  // A user still signed in (from before the run, or past its sign-in budget) opens its visit with
  // the session refresh the web app sends; the others sign in.
  const signIn = (u: VirtualUser): Call => {
    u.startVisit(1 + Math.floor(u.random() * MAX_LOOKS_PER_VISIT));
    if (u.token) return { kind: 'refresh session', method: 'POST', path: '/api/auth/refresh' };
    u.spent.signIns += 1;
    return {
      kind: 'sign in', method: 'POST', path: '/api/auth/login', body: { email: u.account.email, password: u.account.password },
      read: (a) => {
        u.token = (a as { token: string }).token;
      },
    };
  };

  const profile = (u: VirtualUser): Call => ({
    kind: 'profile', method: 'GET', path: '/api/user/profile',
    read: (a) => {
      const p = a as { dailyImagesUsed: number; dailyImagesLimit: number };
      u.quota = { used: p.dailyImagesUsed, limit: p.dailyImagesLimit };
    },
  });

  const getMyLook = (u: VirtualUser): Call => {
    u.looks += 1;
    u.look = null;
    u.savedNow = null;
    // The quota spent, the dashboard sends the user to the LookBook (the daily-limit message says so).
    if (!u.mayGetMyLook()) return lookbookPage(u, 'LookBook page', '');
    const s = u.pickSelection();
    u.noteGetMyLook();
    return {
      kind: 'Get My Look', method: 'POST', path: '/api/generate-outfit', body: { gender: u.account.gender, [s.field]: s.id },
      read: (a) => {
        const look = a as LookAnswer;
        u.look = held(look);
        u.quota.used += 1;
        if (look.source === 'live') sources.live += 1;
        else sources.inventory += 1;
      },
    };
  };

  const firstPage = (u: VirtualUser): Call => lookbookPage(u, 'LookBook page', '');

  // A Fashion Icon scrolls on, or filters when the page was the last; a Stylist's 50 looks a
  // session are one page, so it opens its smart collections instead.
  const nextPage = (u: VirtualUser): Call => {
    if (!u.policy.lookbookFilters) return { kind: 'wardrobe collections', method: 'GET', path: '/api/siims/wardrobe/collections' };
    if (u.lookbookHasMore) return lookbookPage(u, 'LookBook next page', '&offset=50');
    return lookbookPage(u, 'LookBook filtered page', `&gender=${u.account.gender}`);
  };

  const save = (u: VirtualUser): Call => {
    const look = u.look && !u.isSaved(u.look.imageId) ? u.look : u.unsavedLookbookLook();
    if (!look || !u.mayWriteWardrobe(2)) return wardrobePage(u);
    u.look = look;
    u.spent.wardrobeWrites += 1;
    return {
      kind: 'save to wardrobe', method: 'POST', path: '/api/siims/wardrobe', body: { imageId: look.imageId },
      read: (a) => {
        const saved = { imageId: look.imageId, itemId: (a as { item: { id: string } }).item.id };
        u.wardrobe.push(saved);
        u.savedNow = saved;
      },
    };
  };

  const notes = (u: VirtualUser): Call => {
    const item = u.savedNow ?? u.wardrobe.at(-1);
    if (!item || !u.mayWriteWardrobe()) return wardrobePage(u);
    u.spent.wardrobeWrites += 1;
    return { kind: 'notes', method: 'PATCH', path: `/api/siims/wardrobe/${item.itemId}/notes`, body: { notes: `Look ${u.looks}: with the white trainers, and a denim jacket if it rains.` } };
  };

  const share = (u: VirtualUser): Call => {
    if (!u.look || u.spent.shares >= BUDGETS.shares) return wardrobePage(u);
    u.spent.shares += 1;
    return { kind: 'share', method: 'POST', path: '/api/share/outfit', body: { imageId: u.look.imageId } };
  };

  const trackShare = (u: VirtualUser): Call => {
    if (!u.look) return profile(u);
    return {
      kind: 'track share', method: 'POST', path: '/api/user/track-share', body: { imageId: u.look.imageId, shareType: 'result' },
      read: (a) => {
        u.quota.limit = (a as { dailyLimit: number }).dailyLimit;
      },
    };
  };

  const shopClick = (u: VirtualUser): Call => {
    const piece = u.look?.pieceId;
    if (!piece || u.spent.shopClicks >= BUDGETS.shopClicks) return wardrobePage(u);
    u.spent.shopClicks += 1;
    return { kind: 'shop click', method: 'POST', path: `/api/fashion-items/${piece}/track-click`, body: { platform: u.looks % 2 ? 'google' : 'amazon' } };
  };

  // A Stylist keeps 20 looks: near the cap it removes its oldest; otherwise the collections.
  const tidy = (u: VirtualUser): Call => {
    const oldest = u.wardrobe[0];
    if (!oldest || !u.wardrobeNearlyFull() || !u.mayWriteWardrobe()) return { kind: 'wardrobe collections', method: 'GET', path: '/api/siims/wardrobe/collections' };
    u.spent.wardrobeWrites += 1;
    return {
      kind: 'remove from wardrobe', method: 'DELETE', path: `/api/siims/wardrobe/${oldest.imageId}`,
      read: () => {
        u.wardrobe = u.wardrobe.filter((w) => w !== oldest);
      },
    };
  };

  // Signs out when it may sign in again next visit; otherwise it stays signed in (a refresh opens the next).
  const signOut = (u: VirtualUser): Call => {
    u.visitOver = true;
    if (!u.canSignInAgain()) return { kind: 'sessions', method: 'GET', path: '/api/auth/sessions' };
    return {
      kind: 'sign out', method: 'POST', path: '/api/auth/logout',
      read: () => {
        u.token = null;
      },
    };
  };

  // Each look opens with the profile, or ends the visit when its looks are done.
  const nextLook = (u: VirtualUser): Call => {
    if (u.looksThisVisit >= u.visitLooks) return signOut(u);
    u.looksThisVisit += 1;
    return profile(u);
  };

  // After the visit (or without a session: its sign-in timed out) a step builds nothing: autocannon
  // starts the sequence again, at the sign-in.
  const inVisit = (step: (u: VirtualUser) => Call): Step<VirtualUser> => (u) => (u.token && !u.visitOver ? step(u) : null);
  const look = [nextLook, getMyLook, firstPage, nextPage, save, notes, share, trackShare, shopClick, wardrobePage, tidy];
  const visit = [...Array.from({ length: MAX_LOOKS_PER_VISIT }, () => look).flat(), signOut];
  return [signIn, ...visit.map(inVisit)];
}

/** The admin's dashboard and gallery, polled in turn. */
export function adminJourney(): Step<unknown>[] {
  const get = (kind: string, path: string): Step<unknown> => () => ({ kind, method: 'GET', path });
  return [
    get('admin: stats', '/api/admin/stats'),
    get('admin: inventory stats', '/api/admin/inventory-stats'),
    get('admin: gallery page', '/api/admin/images?page=1&limit=20&sort=newest'),
    get('admin: inventory severity', '/api/admin/inventory-severity'),
    get('admin: SEV queue', '/api/admin/sev-queue-status'),
    get('admin: SEV stats', '/api/admin/sev-stats'),
    get('admin: pods', '/api/admin/runpods-status'),
    get('admin: gallery page', '/api/admin/images?page=2&limit=20&sort=newest'),
  ];
}
