import { sql } from 'kysely';
import { QUALITY_GOOD } from '@drape/contracts/generation';
import type { Db } from '@drape/db';
import { publish, settle } from '@drape/looks';

/**
 * The LookBook is never empty (issue 8): until admins curate it, and whenever it holds fewer than
 * LOOKBOOK_AUTOCURATE looks, the best look of each combination that has none in the LookBook joins
 * it, best combinations first. Only good looks (QUALITY_GOOD) join; an admin's decision on a look,
 * in or out, is never undone (`curated_by = 'admin'` looks are never picked); archived looks stay out.
 *
 * Runs from the maintenance cron, at the end of every batch (the starter set included) and from
 * `npm run drape -- lookbook curate`. Idempotent: a run with nothing new to add changes nothing.
 * Concurrency-safe: runs hold one advisory lock for the cluster while they count and pick, so two
 * pipelines curating at once never take the LookBook past the target.
 */

export interface CurationReport {
  /** Looks this run put in the LookBook. */
  curated: number;
  /** LookBook looks after the run, counted up to the target (a LookBook past it reads as the target). */
  lookbook: number;
  target: number;
}

/** The advisory lock a run holds from its count to its commit (one run at a time in the cluster). */
export const CURATION_LOCK = 'drape-lookbook-curation';

/** LookBook looks, counted no further than `cap`: an index-only range, however large the LookBook. */
async function lookbookUpTo(db: Db, cap: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from (select 1 from generated_images where status = 'lookbook' limit ${cap}) held`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Fills the LookBook up to `target` looks (0: off). Per combination one candidate, the best look
 * (quality, then newest) that is viewable, good and never touched by an admin.
 *
 * The plan, checked on 300,000 and 1,000,000 looks: the combinations already in the LookBook are
 * one hashed set (NOT IN over DISTINCT: a NOT EXISTS became a nested loop over the LookBook,
 * the LookBook's row estimate being stale between ANALYZEs); then, per other combination, two
 * probes of the partial index generated_images_combination_quality: the top score, then the
 * newest look of that score (one scan ordered by score and age read and sorted every good look of
 * the combination for the tie). About 150 ms for 1,000 combinations at 300 looks each.
 */
export async function curateLookbook(db: Db, target: number): Promise<CurationReport> {
  if (target <= 0) return { curated: 0, lookbook: 0, target: 0 };
  const report = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${CURATION_LOCK}))`.execute(tx);
    const held = await lookbookUpTo(tx, target);
    const room = target - held;
    if (room <= 0) return { curated: 0, lookbook: held, target, change: null };
    const { rows } = await sql<{ id: string }>`
      select best.id
        from combinations c
        cross join lateral (
          select w.quality_score as top
            from generated_images w
           where w.combination_code = c.code and w.status = 'viewable' and not w.personal
             and w.quality_score >= ${QUALITY_GOOD} and w.curated_by is null
           order by w.quality_score desc
           limit 1
        ) q
        cross join lateral (
          select v.id, v.quality_score, v.created_at
            from generated_images v
           where v.combination_code = c.code and v.status = 'viewable' and not v.personal
             and v.quality_score = q.top and v.curated_by is null
           order by v.created_at desc, v.id desc
           limit 1
        ) best
       where c.code not in (select distinct l.combination_code from generated_images l where l.status = 'lookbook')
       order by best.quality_score desc, best.created_at desc, best.id desc
       limit ${room}`.execute(tx);
    // The conditions are checked again on the locked row itself (onlyUncurated): a look an admin
    // decided on since the pick (or one another writer moved) is left alone.
    const change = await publish(tx, rows.map((r) => r.id), { by: 'auto', onlyUncurated: true });
    return { curated: change.looks.length, lookbook: held + change.looks.length, target, change };
  });
  if (report.change) settle(db, report.change);
  return { curated: report.curated, lookbook: report.lookbook, target: report.target };
}

export interface LookbookStatus {
  total: number;
  auto: number;
  admin: number;
  /** In the LookBook by no curation step (a seeding script, looks from before curated_by). */
  other: number;
}

/** Who put the LookBook's looks there, for `npm run drape -- lookbook status`. */
export async function lookbookStatus(db: Db): Promise<LookbookStatus> {
  const rows = await db
    .selectFrom('generated_images')
    .select(['curated_by', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', '=', 'lookbook')
    .groupBy('curated_by')
    .execute();
  const of = (by: string | null) => Number(rows.find((r) => r.curated_by === by)?.n ?? 0);
  const status = { auto: of('auto'), admin: of('admin'), other: of(null) };
  return { total: status.auto + status.admin + status.other, ...status };
}
