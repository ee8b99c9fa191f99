import { sql, type RawBuilder } from 'kysely';
import type { Db, ImageStatus } from '@drape/db';

/**
 * A look's status changes: the only writes of generated_images.status (and of in_showcase) in the
 * repository (status-owner.test.ts says so). Each returns a change record: which looks moved, from
 * what to what. The caller hands its records to `settle` (effects.ts) once its transaction has
 * committed, the one place records become side effects.
 *
 * The invariants stay in the database's triggers (migrations 0009, 0011, 0013): entering the
 * LookBook stamps lookbook_at and indexes its colors, leaving it leaves the showcase, and the
 * counters follow. These functions decide which rows move; the triggers keep what follows.
 */

/** Where a look is: its status, or blocked (before a restore), or gone (after a deletion). */
export type LookState = ImageStatus | 'blocked' | 'gone';

/** `insert`: a new look entered the inventory (insert.ts). */
export type LookAction = 'insert' | 'publish' | 'unpublish' | 'feature' | 'unfeature' | 'restoreBlocked' | 'archive' | 'delete';

export interface LookMove {
  id: string;
  from: { status: LookState; inShowcase: boolean };
  to: { status: LookState; inShowcase: boolean };
}

/** What one status change did: the looks it moved (none: nothing was to change). */
export interface LookChange {
  action: LookAction;
  looks: LookMove[];
}

/** Who decided a look's place in the LookBook (auto-curation never undoes an admin's decision). */
export type Curator = 'admin' | 'auto';

interface MovedRow {
  id: string;
  from_status: ImageStatus;
  from_showcase: boolean;
  to_status: ImageStatus;
  to_showcase: boolean;
}

/**
 * One statement: the rows of `ids` that pass `guard` (checked again on the locked row, so a look
 * another writer moved meanwhile is left alone) get `set`; their old and new states come back.
 */
async function move(db: Db, action: LookAction, ids: readonly string[], guard: RawBuilder<boolean>, set: RawBuilder<unknown>): Promise<LookChange> {
  if (ids.length === 0) return { action, looks: [] };
  const { rows } = await sql<MovedRow>`
    with old as (
      select id, status, in_showcase from generated_images
       where id = any(${[...ids]}::uuid[]) and ${guard}
       order by id
         for update
    )
    update generated_images gi set ${set}
      from old
     where gi.id = old.id
    returning gi.id, old.status as from_status, old.in_showcase as from_showcase, gi.status as to_status, gi.in_showcase as to_showcase`.execute(db);
  return {
    action,
    looks: rows.map((r) => ({ id: r.id, from: { status: r.from_status, inShowcase: r.from_showcase }, to: { status: r.to_status, inShowcase: r.to_showcase } })),
  };
}

export interface PublishOptions {
  /** Recorded as the LookBook's curator; absent: curated_by is left as it is (a seeding script). */
  by?: Curator;
  /** When it entered the LookBook (the trigger stamps now() when absent). */
  at?: Date;
  /**
   * Only looks still free for auto-curation (viewable, never decided on by an admin); otherwise
   * any look not in the LookBook (an admin brings an archived one back too).
   */
  onlyUncurated?: boolean;
}

/** Looks join the LookBook. A look already there is left as it is, and a personal one never joins. */
export function publish(db: Db, ids: readonly string[], opts: PublishOptions = {}): Promise<LookChange> {
  const guard = opts.onlyUncurated ? sql<boolean>`status = 'viewable' and curated_by is null and not personal` : sql<boolean>`status <> 'lookbook' and not personal`;
  const sets = [sql`status = 'lookbook'`];
  if (opts.by) sets.push(sql`curated_by = ${opts.by}`);
  if (opts.at) sets.push(sql`lookbook_at = ${opts.at}`);
  return move(db, 'publish', ids, guard, sql.join(sets));
}

/** LookBook looks go back to the inventory (viewable), and out of the showcase with it (migration 0013). */
export function unpublish(db: Db, ids: readonly string[], opts: { by?: Curator } = {}): Promise<LookChange> {
  const sets = [sql`status = 'viewable'`];
  if (opts.by) sets.push(sql`curated_by = ${opts.by}`);
  return move(db, 'unpublish', ids, sql<boolean>`status = 'lookbook'`, sql.join(sets));
}

/**
 * A LookBook look joins the landing's showcase (the caller keeps the cap), first in its order
 * unless `at` says when it joined. Not a LookBook look, or there already: unchanged.
 */
export function feature(db: Db, id: string, opts: { at?: Date } = {}): Promise<LookChange> {
  const set = opts.at ? sql`in_showcase = true, showcase_at = ${opts.at}` : sql`in_showcase = true`;
  return move(db, 'feature', [id], sql<boolean>`status = 'lookbook' and not in_showcase`, set);
}

/** A look leaves the showcase (it stays in the LookBook). */
export function unfeature(db: Db, id: string): Promise<LookChange> {
  return move(db, 'unfeature', [id], sql<boolean>`in_showcase`, sql`in_showcase = false`);
}

/** Looks leave every list and the inventory but keep their rows (a wardrobe still holds them). */
export function archive(db: Db, ids: readonly string[]): Promise<LookChange> {
  return move(db, 'archive', ids, sql<boolean>`status <> 'archived'`, sql`status = 'archived', in_showcase = false`);
}

/** A deleted look, as the callers count it and remove its files. */
export interface DeletedLook {
  id: string;
  gender: string;
  skin_tone: string | null;
  storage_key: string;
  thumb_key: string;
  /** Its link-preview card, when it was shared (migration 0025). */
  preview_key: string | null;
}

/**
 * Deletes the rows of these looks (pieces, views, shares and LookBook colors go with them by their
 * cascades; the counters follow by trigger), except those in anybody's wardrobe, even if saved
 * after the caller chose them. The caller removes the files after, so a crash in between leaves
 * at worst an unreferenced file, never a row that points at nothing.
 */
export async function deleteLooks(db: Db, ids: readonly string[]): Promise<{ change: LookChange; deleted: DeletedLook[] }> {
  if (ids.length === 0) return { change: { action: 'delete', looks: [] }, deleted: [] };
  const rows = await db
    .deleteFrom('generated_images')
    .where('id', 'in', [...ids])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('wardrobe_items as w').select(sql`1`.as('one')).whereRef('w.image_id', '=', 'generated_images.id'))))
    .returning(['id', 'gender', 'skin_tone', 'storage_key', 'thumb_key', 'preview_key', 'status', 'in_showcase'])
    .execute();
  return {
    change: { action: 'delete', looks: rows.map((r) => ({ id: r.id, from: { status: r.status, inShowcase: r.in_showcase }, to: { status: 'gone', inShowcase: false } })) },
    deleted: rows.map((r) => ({ id: r.id, gender: r.gender, skin_tone: r.skin_tone, storage_key: r.storage_key, thumb_key: r.thumb_key, preview_key: r.preview_key })),
  };
}
