import { combinationColumns, type Db, type ImageStatus } from '@drape/db';
import type { ColorFamily, Combination } from '@drape/contracts';

export interface TestLook {
  combination?: Combination;
  status?: ImageStatus;
  /** The pieces' color families, one piece each, in order. */
  colors?: ColorFamily[];
  /** When it entered the LookBook (the trigger stamps now() when absent). */
  lookbookAt?: Date;
}

/**
 * One stored look with its pieces, as rows only (the files are not read by the services tested
 * with it). Its combination row is created when missing.
 */
export async function insertLook(db: Db, look: TestLook = {}): Promise<string> {
  const columns = combinationColumns(look.combination ?? { gender: 'female', occasion: 'office' });
  const { combination_code: code, ...combination } = columns;
  await db.insertInto('combinations').values({ code, ...combination, enhanced_prompt: 'p', active: true }).onConflict((oc) => oc.column('code').doNothing()).execute();
  const colors = look.colors ?? ['navy'];
  const jobId = crypto.randomUUID();
  const row = await db.insertInto('generated_images').values({
    job_id: jobId, ...columns, status: look.status ?? 'viewable', storage_key: `looks/${jobId}.webp`, thumb_key: `looks/${jobId}.thumb.webp`,
    width: 768, height: 1024, bytes: 1, quality_score: 90, quality: '{}', safety_score: 99, color_families: [...new Set(colors)], seed: 1,
    prompt: 'p', provider: 'atelier', ...(look.lookbookAt ? { lookbook_at: look.lookbookAt } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('fashion_items').values(colors.map((color, position) => ({
    image_id: row.id, position, name: `Piece ${position + 1}`, type: 'top' as const, color, color_hex: '#000000', color_family: color,
    description: 'A piece', price_range: 'mid-range' as const,
  }))).execute();
  return row.id;
}
