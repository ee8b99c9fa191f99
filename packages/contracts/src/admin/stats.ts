import { z } from '../zod';
import { GENDERS, SELECTION_KINDS, type Gender, type SelectionKind } from '../domain/catalog';
import { filterValue, queryInt } from '../looks';
import { SEVERITY_LEVELS, type SeverityLevel } from '../domain/severity';
import { text } from '../domain/text';

// The admin's Analytics tab, Severity page, Inventory and Combo Matrix tabs
// (settings-and-admin §2.2, §3, §7.2, §8, §9).

/** DAU, MAU and sign-ups are computed at most this often per server process (docs/decisions/0012). */
export const ACTIVITY_CACHE_SECONDS = 60;
/** A worker that stopped or went silent stays in the pods list this long after its last heartbeat. */
export const OFFLINE_WORKERS_KEPT_HOURS = 24;

export const severityMessages = {
  empty: 'No severity data available',
  loadFailed: 'Unable to load severity data. Please try again.',
  screenError: 'Unable to load severity data. Please check your connection and try refreshing the page.',
} as const;

export const adminStatsMessages = {
  statsFailed: 'Unable to load analytics. Please try again.',
  matrixFailed: 'Unable to load the combination matrix. Please try again.',
  combinationFailed: 'Unable to load this combination. Please try again.',
  noCombinations: 'No combinations match these filters.',
} as const;

/** settings-and-admin §3 Admin stats. */
export interface AdminStats {
  /** Accounts (test users and accounts in their deletion grace period included). */
  totalUsers: number;
  /** Distinct users with a session active in the last 24 hours. */
  dau: number;
  /** Distinct users with a session active in the last 30 days. */
  mau: number;
  /** Accounts created in the last 30 days. */
  signups: number;
  /** When dau, mau and signups were computed (they are cached for ACTIVITY_CACHE_SECONDS). */
  computedAt: string;
}

/** settings-and-admin §3 Inventory stats. */
export interface InventoryStats {
  /** Stored looks, every status. */
  total: number;
  viewable: number;
  lookbook: number;
  archived: number;
  /** Looks served to users (one per user and look), of the looks still stored. */
  totalViewed: number;
  /** Stored looks created today (UTC). */
  dailyCreated: number;
}

export interface SevQueueProgress {
  total: number;
  completed: number;
  cycle1: number;
  cycle2: number;
  cycle3: number;
  cycle4: number;
  cycle5: number;
}

/** settings-and-admin §3 SEV queue status. */
export interface SevQueueStatus {
  currentFocus: { sevLevel: SeverityLevel; sequence: number; cycle: number } | null;
  progressStats: { sev1: SevQueueProgress; sev2: SevQueueProgress; sev3: SevQueueProgress; sev4: SevQueueProgress };
}

/** settings-and-admin §3 SEV stats: combinations at each of the three most severe levels. */
export interface SevStats {
  sev1: number;
  sev2: number;
  sev3: number;
}

/** settings-and-admin §3 pod status item: our pipeline workers. */
export interface PodStatusItem {
  id: string;
  name: string;
  status: 'running' | 'error' | 'offline';
  lastHeartbeat: string;
  host: string;
  pid: number;
  startedAt: string;
  stoppedAt: string | null;
  lastError: string | null;
}

export const COMBO_MATRIX_PAGE_SIZE = 100;
export const SELECTION_KIND_NAMES: Record<SelectionKind, string> = { trend: 'Trend', palette: 'Color palette', occasion: 'Occasion' };

export const comboMatrixInput = z.object({
  gender: filterValue(z.enum(GENDERS, `gender must be one of ${GENDERS.join(', ')}`)),
  selectionKind: filterValue(z.enum(SELECTION_KINDS, `selectionKind must be one of ${SELECTION_KINDS.join(', ')}`)),
  severity: filterValue(z.enum(SEVERITY_LEVELS, `severity must be one of ${SEVERITY_LEVELS.join(', ')}`)),
  page: queryInt(1, 10_000, 1, 'page'),
  // Up to the whole matrix in one answer (the spec's 810; 1,080 with today's catalog): the Combo Matrix tab draws every combination.
  limit: queryInt(1, 2000, COMBO_MATRIX_PAGE_SIZE, 'limit'),
});
export type ComboMatrixInput = z.input<typeof comboMatrixInput>;
export type ComboMatrixQuery = z.output<typeof comboMatrixInput>;

export interface ComboMatrixRow {
  combinationCode: string;
  gender: Gender;
  selectionKind: SelectionKind;
  selectionId: string;
  /** The trend, palette or occasion as the screens name it. */
  selectionName: string;
  styleVibe: string | null;
  bodyShape: string | null;
  skinTone: string | null;
  imageCount: number;
  severityLevel: SeverityLevel;
}

export interface ComboMatrixPage {
  rows: ComboMatrixRow[];
  /** Combinations matching the filters (the active matrix only). */
  total: number;
  page: number;
  hasMore: boolean;
}

export const inventoryCombinationInput = z.object({
  combinationCode: text().trim().min(1, 'combinationCode is required').max(120),
});

/** How many of a combination's newest looks the detail shows. */
export const COMBINATION_THUMBNAILS = 12;

export interface CombinationInventory extends ComboMatrixRow {
  prompt: string;
  promptUpdatedAt: string;
  active: boolean;
  /** Stored looks of the combination per status. */
  counts: { viewable: number; lookbook: number; archived: number; blocked: number };
  newest: { id: string; thumbUrl: string; status: string; qualityScore: number; createdAt: string }[];
}
