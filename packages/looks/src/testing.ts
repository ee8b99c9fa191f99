// @drape/looks/testing: a look in the database for tests that need one, without the pipeline.
import { sql, type RawBuilder } from 'kysely';
import sharp from 'sharp';
import { enhancedPrompt } from '@drape/atelier';
import type { ColorFamily, Combination } from '@drape/contracts';
import { combinationColumns, type BlockedPiece, type Database, type Db, type ImageStatus } from '@drape/db';
import type { Storage } from '@drape/storage';
import { lookKeys, insertLook } from './insert';
import { archive, feature, publish, unpublish, type Curator } from './status';

export interface MakeLookOptions {
  /** Default: a woman's office look. */
  combination?: Combination;
  /** Default viewable; reached by the status changes themselves (publish, archive). */
  status?: ImageStatus;
  /** In the landing's showcase (a LookBook look: the status is lookbook). */
  inShowcase?: boolean;
  /**
   * The LookBook's curator (default admin when the status is lookbook). On a viewable look: that
   * curator took it out of the LookBook (an admin's decision auto-curation never undoes).
   */
  curatedBy?: Curator;
  /** When it entered the LookBook (default: now, by the trigger). */
  lookbookAt?: Date;
  /** The pieces' color families, one piece each, in order (default navy). */
  colors?: ColorFamily[];
  qualityScore?: number;
  /** When it was made (default now). */
  createdAt?: Date;
  /**
   * Its combination, when new, joins the matrix (active: batches and the inventory screen see it),
   * for a test world without the matrix; the pipeline makes a new one inactive (the default).
   */
  activeCombination?: boolean;
  /** A real picture and thumbnail in this store, for tests that read the image; without it, rows only. */
  storage?: Storage;
}

export interface MadeLook {
  id: string;
  code: string;
  jobId: string;
  /** The public keys of its picture and thumbnail. */
  key: string;
  thumbKey: string;
  /** The pieces' ids, in order. */
  pieces: string[];
}

const NAMES: Record<string, string> = { navy: 'Navy blazer' };

/** A piece of the given color family (a blazer's words: the tests read colors and order, not garments). */
function pieceOf(color: ColorFamily, position: number): BlockedPiece {
  return {
    name: NAMES[color] && position === 0 ? NAMES[color]! : `Piece ${position + 1}`, type: 'top', color, color_hex: '#1F2A44', color_family: color,
    description: 'A piece', price_range: 'mid-range',
  };
}

/** A plain 768x1024 WebP and its 384x512 thumbnail: real pictures, no render. */
async function pictures(): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const plain = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#1F2A44' } }).webp().toBuffer();
  return { image: await plain(768, 1024), thumbnail: await plain(384, 512) };
}

/**
 * Stores one look through the pipeline's own insert (insertLook: its combination when new, the
 * row, its pieces), then moves it where the test wants it by the status changes every writer uses
 * (publish, feature, archive), so its triggers and stamps are the product's.
 */
export async function makeLook(db: Db, opts: MakeLookOptions = {}): Promise<MadeLook> {
  const combination = opts.combination ?? { gender: 'female', occasion: 'office' };
  const columns = combinationColumns(combination);
  const colors = opts.colors ?? ['navy'];
  const jobId = crypto.randomUUID();
  const { key, thumbKey } = lookKeys(jobId);
  let bytes = 1;
  if (opts.storage) {
    const { image, thumbnail } = await pictures();
    await opts.storage.put('public', key, image);
    await opts.storage.put('public', thumbKey, thumbnail);
    bytes = image.length;
  }
  const { id } = await insertLook(db, {
    row: {
      job_id: jobId, ...columns, storage_key: key, thumb_key: thumbKey, width: 768, height: 1024, bytes,
      quality_score: opts.qualityScore ?? 90, quality: '{}', safety_score: 99, color_families: [...new Set(colors)], seed: 1,
      prompt: 'a test look', provider: 'atelier', ...(opts.createdAt ? { created_at: opts.createdAt } : {}),
    },
    pieces: colors.map(pieceOf),
    // Its combination when new, as the pipeline writes it (the generator's prompt, inactive: not in the matrix).
    combination: { enhancedPrompt: enhancedPrompt(combination), active: opts.activeCombination ?? false },
  });
  const status = opts.inShowcase ? 'lookbook' : opts.status ?? 'viewable';
  if (status === 'lookbook') await publish(db, [id], { by: opts.curatedBy ?? 'admin', ...(opts.lookbookAt ? { at: opts.lookbookAt } : {}) });
  if (status === 'viewable' && opts.curatedBy) {
    await publish(db, [id], { by: opts.curatedBy });
    await unpublish(db, [id], { by: opts.curatedBy });
  }
  if (opts.inShowcase) await feature(db, id);
  if (status === 'archived') await archive(db, [id]);
  const pieces = await db.selectFrom('fashion_items').select('id').where('image_id', '=', id).orderBy('position').execute();
  return { id, code: columns.combination_code, jobId, key, thumbKey, pieces: pieces.map((p) => p.id) };
}

/** A generated_images column a bulk insert may fill. */
export type BulkLookColumn = keyof Database['generated_images'];

/**
 * Looks by the ten thousand, for the query planner's tests (a realistic table, then EXPLAIN): one
 * INSERT ... SELECT of the given columns, statuses and stamps included, rows only, no pieces. The
 * one place a test states a look's status at insert rather than reaching it by the status changes:
 * a hundred thousand looks published one by one would be the test's whole run. The triggers still
 * run (the LookBook's colors and stamps, the counters), as for any insert.
 */
export async function insertLooksInBulk(db: Db, columns: readonly BulkLookColumn[], rows: RawBuilder<unknown>): Promise<void> {
  await sql`insert into generated_images (${sql.join(columns.map((c) => sql.ref(c)))}) ${rows}`.execute(db);
}
