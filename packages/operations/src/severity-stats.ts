import { sql } from 'kysely';
import { SEVERITY_BANDS, type SeverityLevel } from '@drape/contracts';
import type { Db } from '@drape/db';

/** SQL twin of severityLevel(image_count), for grouping a million rows in the database. */
export const SEVERITY_SQL = sql<SeverityLevel>`case when image_count = 0 then 'SEV-1' when image_count < 10 then 'SEV-2' when image_count < 35 then 'SEV-3' when image_count < 70 then 'SEV-4' else 'SEV-5' end`;

export interface SeverityRow {
  severity_level: SeverityLevel;
  combo_count: number;
  percentage: number;
  description: string;
}

/** Combinations of the active matrix per severity level (the admin's inventory severity). */
export async function severityRows(db: Db): Promise<SeverityRow[]> {
  const rows = await db
    .selectFrom('combinations')
    .select([SEVERITY_SQL.as('level'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('active', '=', true)
    .groupBy(sql`1`)
    .execute();
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  return SEVERITY_BANDS.map((band) => {
    const n = Number(rows.find((r) => r.level === band.level)?.n ?? 0);
    return { severity_level: band.level, combo_count: n, percentage: total ? Math.round((n / total) * 1000) / 10 : 0, description: band.description };
  });
}
