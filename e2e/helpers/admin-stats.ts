import { withClient } from './db';

/** Direct reads of the server's PostgreSQL (E2E_DATABASE_URL): the figures the admin screens must show. */

export interface CountedFigures {
  users: number;
  total: number;
  viewable: number;
  lookbook: number;
  archived: number;
  viewed: number;
}

/** The Analytics figures by count(*), the slow way the counters replace. */
export async function countedFigures(): Promise<CountedFigures> {
  return withClient(async (client) => {
    const { rows } = await client.query<Record<keyof CountedFigures, string>>(`
      select (select count(*) from users) as users, count(*) as total,
             count(*) filter (where status = 'viewable') as viewable, count(*) filter (where status = 'lookbook') as lookbook,
             count(*) filter (where status = 'archived') as archived, (select count(*) from image_views) as viewed
      from generated_images`);
    const r = rows[0]!;
    return { users: Number(r.users), total: Number(r.total), viewable: Number(r.viewable), lookbook: Number(r.lookbook), archived: Number(r.archived), viewed: Number(r.viewed) };
  });
}

/** Active combinations per severity level, by the same bands as the server. */
export async function combinationsPerLevel(): Promise<Record<string, number>> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ level: string; n: string }>(`
      select case when image_count = 0 then 'SEV-1' when image_count < 10 then 'SEV-2' when image_count < 35 then 'SEV-3'
                  when image_count < 70 then 'SEV-4' else 'SEV-5' end as level, count(*) as n
      from combinations where active group by 1`);
    return Object.fromEntries(rows.map((r) => [r.level, Number(r.n)]));
  });
}

/** The pipeline workers that heartbeat now (the e2e run's pipeline process). */
export async function runningWorkers(): Promise<string[]> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select name from pipeline_workers where status <> 'stopped' and last_heartbeat_at > now() - interval '30 seconds' order by started_at desc`,
    );
    return rows.map((r) => r.name);
  });
}

/** A combination of the active matrix and its image count. */
export async function someCombination(): Promise<{ code: string; imageCount: number }> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ code: string; image_count: number }>(
      'select code, image_count from combinations where active order by image_count desc, code limit 1',
    );
    return { code: rows[0]!.code, imageCount: rows[0]!.image_count };
  });
}
