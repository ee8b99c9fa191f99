import { sql } from 'kysely';
import type { Db } from '@drape/db';

export interface CloneChunk {
  /** The run's start (ms): ids and job ids of its clones are unique to it. */
  runMs: number;
  /** Looks n = from..to (inclusive) of the run. */
  from: number;
  to: number;
  /** How many rows seed_combos holds. */
  combos: number;
  /** Looks from this n on are in the LookBook (an admin's choice, entered after they were made). */
  lookbookFrom: number;
  /** Looks are dated up to this many days back. */
  spreadDays: number;
}

/**
 * The seeding command's clones (`npm run drape -- seed-looks`, pipeline/src/seed-looks.ts): looks
 * n = from..to as rows that reuse a rendered look's files and pieces, in one statement, on the
 * connection holding the session's temporary tables seed_combos (idx, code and the combination's
 * columns, originals) and seed_originals (k per gender and the rendered look's row). A bulk insert
 * for a benchmark's million looks, and the one place besides insertLook a look is inserted:
 * entering with its status, stamps and curator as if published (the triggers of 0009, 0011 and
 * 0013 follow as for any insert).
 */
export async function insertClonedLooks(conn: Db, o: CloneChunk): Promise<void> {
  const run = o.runMs.toString(36);
  // Ids in the shape of UUIDv7 (RFC 9562), ordered by look and piece: the run's start plus n
  // as the time, the piece's position, then random bits. Rows then append to the primary
  // keys and to fashion_items (image_id) instead of landing on random pages of indexes far
  // larger than PostgreSQL's buffers, which made the later chunks several times slower.
  const id = (n: string, position: string) =>
    sql.raw(`(lpad(to_hex(${o.runMs}::bigint + ${n}), 12, '0') || '7' || lpad(to_hex(${position}), 3, '0') || '8' || substr(md5(random()::text), 1, 15))::uuid`);
  // Look n: combination n * p mod C (p a prime above C: every combination once in each run of
  // C looks), original (n * q + n / C) mod (originals of its gender), so a combination's
  // looks do not all share one picture.
  await sql`
    with src as materialized (
      select n, ${id('n', '0')} as id, c.code, c.gender, c.selection_kind, c.selection_id, c.style_vibe, c.body_shape, c.skin_tone,
             o.id as original, o.storage_key, o.thumb_key, o.width, o.height, o.bytes, o.quality, o.safety_score, o.stage_ms,
             o.color_families, o.seed, o.prompt, o.provider, o.ai_marked,
             now() - random() * interval '1 day' * ${o.spreadDays} as created_at,
             n >= ${o.lookbookFrom}::bigint as lookbook
      from generate_series(${o.from}::bigint, ${o.to}::bigint) as n
      join seed_combos c on c.idx = (n * 2654435761) % ${o.combos}
      join seed_originals o on o.gender = c.gender and o.k = (n * 40503 + n / ${o.combos}) % c.originals
    ),
    images as (
      insert into generated_images (
        id, job_id, combination_code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone, status,
        storage_key, thumb_key, width, height, bytes, quality_score, quality, safety_score, stage_ms, color_families,
        seed, prompt, provider, ai_marked, created_at, lookbook_at, curated_by
      )
      select id, ${`seed-${run}-`} || n, code, gender, selection_kind, selection_id, style_vibe, body_shape, skin_tone,
             case when lookbook then 'lookbook' else 'viewable' end,
             storage_key, thumb_key, width, height, bytes, 70 + floor(random() * 31)::int, quality, safety_score, stage_ms, color_families,
             -- The clone shares the original's files, marked or not.
             seed, prompt, provider, ai_marked, created_at,
             case when lookbook then created_at + random() * (now() - created_at) end,
             case when lookbook then 'admin' end
      from src order by n
    )
    insert into fashion_items (id, image_id, position, name, type, color, color_hex, color_family, description, price_range)
    select ${id('s.n', 'fi.position')}, s.id, fi.position, fi.name, fi.type, fi.color, fi.color_hex, fi.color_family, fi.description, fi.price_range
    from src s join fashion_items fi on fi.image_id = s.original
    order by s.n, fi.position`.execute(conn);
}
