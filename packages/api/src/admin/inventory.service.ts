import { SEVERITY_BANDS, severityLevel } from '@drape/contracts';
import { COMBINATION_THUMBNAILS, type CombinationInventory, type ComboMatrixPage, type ComboMatrixQuery, type ComboMatrixRow } from '@drape/contracts/admin';
import type { Config } from '@drape/config';
import type { CombinationsTable, Db } from '@drape/db';
import type { Selectable } from 'kysely';
import { appError } from '../errors';
import { mediaUrl, rowSelectionName } from '@drape/looks';

function rowView(c: Selectable<CombinationsTable>): ComboMatrixRow {
  return {
    combinationCode: c.code,
    gender: c.gender,
    selectionKind: c.selection_kind,
    selectionId: c.selection_id,
    selectionName: rowSelectionName(c),
    styleVibe: c.style_vibe,
    bodyShape: c.body_shape,
    skinTone: c.skin_tone,
    imageCount: c.image_count,
    severityLevel: severityLevel(c.image_count),
  };
}

/**
 * The active combinations (the matrix of 810) with their image counts and severity level, in code
 * order (gender, selection, personalization), a page at a time. A severity filter is a range of
 * image_count (the bands of contracts/severity.ts), served by the combinations_severity index.
 */
export async function comboMatrix(db: Db, q: ComboMatrixQuery): Promise<ComboMatrixPage> {
  let base = db.selectFrom('combinations').where('active', '=', true);
  if (q.gender) base = base.where('gender', '=', q.gender);
  if (q.selectionKind) base = base.where('selection_kind', '=', q.selectionKind);
  if (q.severity) {
    const band = SEVERITY_BANDS.find((b) => b.level === q.severity)!;
    base = base.where('image_count', '>=', band.min);
    if (band.max !== null) base = base.where('image_count', '<=', band.max);
  }
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('code').limit(q.limit).offset((q.page - 1) * q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const n = Number(total.n);
  return { rows: rows.map(rowView), total: n, page: q.page, hasMore: q.page * q.limit < n };
}

/** One combination: its prompt, its looks per status (and blocked attempts), its newest looks. */
export async function combinationInventory(db: Db, config: Pick<Config, 'CDN_BASE_URL'>, code: string): Promise<CombinationInventory> {
  const combo = await db.selectFrom('combinations').selectAll().where('code', '=', code).executeTakeFirst();
  if (!combo) throw appError('not_found', 'No combination has this code.');
  const [byStatus, blocked, newest] = await Promise.all([
    db.selectFrom('generated_images').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('combination_code', '=', code).groupBy('status').execute(),
    db.selectFrom('blocked_images').select((eb) => eb.fn.countAll<number>().as('n')).where('combination_code', '=', code).executeTakeFirstOrThrow(),
    db
      .selectFrom('generated_images')
      .select(['id', 'thumb_key', 'status', 'quality_score', 'created_at'])
      .where('combination_code', '=', code)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(COMBINATION_THUMBNAILS)
      .execute(),
  ]);
  const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    ...rowView(combo),
    prompt: combo.enhanced_prompt,
    promptUpdatedAt: combo.prompt_updated_at.toISOString(),
    active: combo.active,
    counts: { viewable: count('viewable'), lookbook: count('lookbook'), archived: count('archived'), blocked: Number(blocked.n) },
    newest: newest.map((r) => ({ id: r.id, thumbUrl: mediaUrl(config, r.thumb_key), status: r.status, qualityScore: r.quality_score, createdAt: r.created_at.toISOString() })),
  };
}

