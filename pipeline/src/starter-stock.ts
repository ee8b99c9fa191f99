import { sql } from 'kysely';
import { enumerateCombinations } from '@drape/atelier';
import { combinationCode, selectionOf, severityLevel, type Combination } from '@drape/contracts';
import type { Db } from '@drape/db';
import type { PgBoss } from '@drape/jobs';
import { BatchError, openBatch } from '@drape/operations';

/**
 * The starter set: a fresh install is never empty. When a pipeline starts and some active trend,
 * palette or occasion has no look a person can be served in one of the genders, it opens a batch
 * of one look for each such pair, worked by the pipeline like any batch (the same generate jobs,
 * steps and counts). The landing and the showcase show one picture per trend, palette and occasion,
 * and an Enthusiast's first Get My Look takes any viewable look of its gender and selection (it
 * sets no style vibe, body shape or skin tone): one look per pair gives all three their pictures.
 *
 * "Empty" is judged per pair rather than on the whole inventory: the same check stocks a trend added
 * to the catalogue, or a pair whose looks were all archived or removed, at the next start, and a
 * look refused by the quality check is tried again then. It costs one index probe per pair.
 */

/** Recorded in the batch's options: how `status` and the daemon tell the starter set from an operator's batch. */
export const STARTER_OPTION = 'starter';

/**
 * The starter looks in the order they are made: every selection once first (trends, which the
 * landing leads with, then palettes, then occasions; the genders alternating), so the landing has
 * all its pictures after half the set; then each selection in the other gender. Each look is a full
 * combination of the matrix, its personalization varied from look to look.
 */
export function starterCombinations(): Combination[] {
  const pairs = new Map<string, Combination[]>();
  for (const c of enumerateCombinations({ activeOnly: true, includeUnset: false })) {
    const key = pairKey(c);
    const list = pairs.get(key);
    if (list) list.push(c);
    else pairs.set(key, [c]);
  }
  // enumerateCombinations walks one gender's selections, then the other's, in catalogue order.
  const selections = [...new Map([...pairs.values()].map((list) => [selectionKey(list[0]!), list[0]!])).values()];
  const genders = [...new Set([...pairs.values()].map((list) => list[0]!.gender))];
  const out: Combination[] = [];
  for (let round = 0; round < genders.length; round++) {
    selections.forEach((s, i) => {
      const gender = genders[(i + round) % genders.length]!;
      const variants = pairs.get(`${gender}|${selectionKey(s)}`)!;
      // A stride coprime with the number of variants walks through the personalizations.
      out.push(variants[(out.length * 13) % variants.length]!);
    });
  }
  return out;
}

function selectionKey(c: Combination): string {
  const s = selectionOf(c);
  return `${s.kind}|${s.id}`;
}

const pairKey = (c: Combination) => `${c.gender}|${selectionKey(c)}`;

/**
 * The starter looks whose gender and selection have no viewable look yet (what Get My Look serves):
 * one query, an index probe per pair, since every pipeline start asks.
 */
export async function missingStarterLooks(db: Db): Promise<Combination[]> {
  const wanted = starterCombinations();
  const pairs = wanted.map((c) => {
    const s = selectionOf(c);
    return sql`(${c.gender}, ${s.kind}, ${s.id})`;
  });
  const { rows } = await sql<{ gender: string; kind: string; id: string }>`
    select c.gender, c.kind, c.id
    from (values ${sql.join(pairs)}) as c (gender, kind, id)
    where exists (
      select 1 from generated_images gi
      where gi.gender = c.gender and gi.selection_kind = c.kind and gi.selection_id = c.id and gi.status = 'viewable' and not gi.personal
    )`.execute(db);
  const stocked = new Set(rows.map((r) => `${r.gender}|${r.kind}|${r.id}`));
  return wanted.filter((c) => !stocked.has(pairKey(c)));
}

export type StarterResult =
  | { started: true; batchId: string; looks: number }
  | { started: false; reason: string };

/**
 * Opens the starter batch when some pair lacks a look. Safe to call from every pipeline at every
 * start: the batch opens under the cluster-wide batch lock, so of two pipelines starting together
 * one opens it and the other finds it running (or finds the inventory stocked).
 */
export async function stockStarterSet(db: Db, boss: PgBoss, opts: { stepExpireSeconds?: number | undefined } = {}): Promise<StarterResult> {
  try {
    let looks = 0;
    const batchId = await openBatch(db, boss, {
      options: { cycles: 1, limit: null, [STARTER_OPTION]: true },
      fill: async (tx) => {
        const missing = await missingStarterLooks(tx);
        if (missing.length === 0) return 0;
        const counts = new Map((await tx.selectFrom('combinations').select(['code', 'image_count']).where('code', 'in', missing.map(combinationCode)).execute()).map((r) => [r.code, r.image_count]));
        await tx.deleteFrom('sev_queue').execute();
        await tx
          .insertInto('sev_queue')
          .values(missing.map((c, i) => ({ combination_code: combinationCode(c), sev_level: severityLevel(counts.get(combinationCode(c)) ?? 0), sequence: i + 1, cycle: 1 })))
          .execute();
        looks = missing.length;
        return looks;
      },
      nothingToDo: 'every active trend, palette and occasion has a look in both genders',
      stepExpireSeconds: opts.stepExpireSeconds,
    });
    return { started: true, batchId, looks };
  } catch (err) {
    if (err instanceof BatchError) return { started: false, reason: err.message };
    throw err;
  }
}

export interface StarterProgress {
  batchId: string;
  status: string;
  total: number;
  processed: number;
  succeeded: number;
  startedAt: Date;
  finishedAt: Date | null;
}

/** The newest starter batch, if the starter set was ever needed. */
export async function starterProgress(db: Db): Promise<StarterProgress | null> {
  const row = await db
    .selectFrom('batch_jobs')
    .select(['id', 'status', 'total', 'processed', 'succeeded', 'started_at', 'finished_at'])
    .where(sql<string>`options->>${STARTER_OPTION}`, '=', 'true')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { batchId: row.id, status: row.status, total: row.total, processed: row.processed, succeeded: row.succeeded, startedAt: row.started_at, finishedAt: row.finished_at } : null;
}

/** One line for `status`: a bar while the set is made, a summary after. */
export function describeStarter(p: StarterProgress, now = new Date()): string {
  const elapsed = ((p.finishedAt ?? now).getTime() - p.startedAt.getTime()) / 1000;
  const seconds = elapsed.toFixed(1);
  const refused = p.processed - p.succeeded;
  const refusedNote = refused > 0 ? `, ${refused} refused (tried again at the next start)` : '';
  if (p.status === 'running') {
    const width = 20;
    const filled = p.total ? Math.round((p.processed / p.total) * width) : 0;
    return `Starter set: [${'\u2588'.repeat(filled)}${'\u2591'.repeat(width - filled)}] ${p.processed} of ${p.total} looks, ${seconds} s so far${refusedNote}`;
  }
  if (p.status === 'completed') {
    const perMinute = elapsed > 0 ? Math.round((p.succeeded / elapsed) * 60) : 0;
    return `Starter set: done, ${p.succeeded} of ${p.total} looks in ${seconds} s (${perMinute} images/min)${refusedNote}`;
  }
  return `Starter set: ${p.status} at ${p.processed} of ${p.total} looks`;
}
