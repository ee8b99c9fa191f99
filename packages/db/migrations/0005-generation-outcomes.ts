import { sql, type Kysely } from 'kysely';

/**
 * How each generate job ended (docs/decisions/0006-jobs-module.md): written by the pipeline in the
 * transaction of the job's rows, read by the waiting request and the batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table generation_outcomes (
      job_id text primary key,
      outcome text not null check (outcome in ('stored', 'blocked', 'failed')),
      image_id uuid,
      reason text,
      finished_at timestamptz not null default now(),
      check ((outcome = 'stored') = (image_id is not null))
    )`.execute(db);
  await sql`create index generation_outcomes_finished on generation_outcomes (finished_at)`.execute(db);
}
