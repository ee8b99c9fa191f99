import { sql, type Kysely } from 'kysely';

/**
 * The catalogue (seeded from contracts), the combination matrix, generated looks and their items,
 * views and daily usage (Get My Look), blocked images, batch jobs and the SEV queue (pipeline).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table trends (
      id text primary key, name text not null, category text not null, pattern text not null,
      active boolean not null, sort integer not null
    )`.execute(db);
  await sql`
    create table palettes (
      id text primary key, name text not null, season text not null, colours jsonb not null, sort integer not null
    )`.execute(db);
  await sql`
    create table occasions (
      id text primary key, name text not null, icon text not null, is_active boolean not null, sort integer not null
    )`.execute(db);
  await sql`create table style_vibes (id text primary key, name text not null, short_name text not null, sort integer not null)`.execute(db);
  await sql`create table body_shapes (id text primary key, name text not null, in_generator boolean not null, sort integer not null)`.execute(db);
  await sql`create table skin_tones (id text primary key, name text not null, hex text not null, emoji text not null, sort integer not null)`.execute(db);

  // One row per combination of the active dimensions; image_count is kept with each stored image
  // so that severity never has to count a million rows.
  await sql`
    create table combinations (
      code text primary key,
      gender text not null,
      selection_kind text not null check (selection_kind in ('trend', 'palette', 'occasion')),
      selection_id text not null,
      style_vibe text,
      body_shape text,
      skin_tone text,
      enhanced_prompt text not null,
      image_count integer not null default 0,
      active boolean not null default true,
      prompt_updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index combinations_severity on combinations (active, image_count, code)`.execute(db);
  await sql`create index combinations_selection on combinations (gender, selection_kind, selection_id)`.execute(db);

  await sql`
    create table generated_images (
      id uuid primary key default gen_random_uuid(),
      job_id text not null unique,
      combination_code text not null references combinations(code),
      gender text not null,
      selection_kind text not null,
      selection_id text not null,
      style_vibe text,
      body_shape text,
      skin_tone text,
      status text not null default 'viewable' check (status in ('viewable', 'lookbook', 'archived')),
      storage_key text not null,
      thumb_key text not null,
      width integer not null,
      height integer not null,
      bytes integer not null,
      quality_score integer not null,
      quality jsonb not null,
      safety_score integer not null,
      stage_ms jsonb not null default '{}',
      colour_families text[] not null default '{}',
      seed bigint not null,
      prompt text not null,
      provider text not null,
      watermarked boolean not null default true,
      is_premium boolean not null default false,
      in_showcase boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Inventory pick: viewable images of one combination, oldest first.
  await sql`create index generated_images_inventory on generated_images (combination_code, status, created_at)`.execute(db);
  // Get My Look matches gender and selection, and only the personalisation the user set.
  await sql`create index generated_images_selection on generated_images (gender, selection_kind, selection_id, status, created_at)`.execute(db);
  await sql`create index generated_images_created on generated_images (created_at desc, id)`.execute(db);
  await sql`create index generated_images_status_created on generated_images (status, created_at desc, id)`.execute(db);
  await sql`create index generated_images_colours on generated_images using gin (colour_families)`.execute(db);
  await sql`create index generated_images_quality on generated_images (quality_score)`.execute(db);

  await sql`
    create table fashion_items (
      id uuid primary key default gen_random_uuid(),
      image_id uuid not null references generated_images(id) on delete cascade,
      position integer not null,
      name text not null,
      type text not null,
      color text not null,
      color_hex text not null,
      color_family text not null,
      description text not null,
      price_range text not null
    )`.execute(db);
  await sql`create index fashion_items_image on fashion_items (image_id, position)`.execute(db);

  await sql`
    create table image_views (
      user_id uuid not null references users(id) on delete cascade,
      image_id uuid not null references generated_images(id) on delete cascade,
      viewed_at timestamptz not null default now(),
      primary key (user_id, image_id)
    )`.execute(db);
  await sql`create index image_views_image on image_views (image_id)`.execute(db);

  // Saved looks. Retention must never delete an image a user keeps, so the link exists from the
  // start; the wardrobe screens build on it.
  await sql`
    create table wardrobe_items (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      image_id uuid not null references generated_images(id) on delete restrict,
      notes text,
      created_at timestamptz not null default now(),
      unique (user_id, image_id)
    )`.execute(db);
  await sql`create index wardrobe_items_image on wardrobe_items (image_id)`.execute(db);

  // One row per user and day: the row lock serialises two tabs spending the same quota.
  await sql`
    create table daily_usage (
      user_id uuid not null references users(id) on delete cascade,
      day date not null,
      used integer not null default 0,
      reserved integer not null default 0,
      shared boolean not null default false,
      primary key (user_id, day)
    )`.execute(db);

  await sql`
    create table blocked_images (
      id uuid primary key default gen_random_uuid(),
      job_id text not null unique,
      combination_code text not null,
      gender text not null,
      selection_kind text not null,
      selection_id text not null,
      style_vibe text,
      body_shape text,
      skin_tone text,
      storage_key text,
      rejection_reason text not null check (rejection_reason in ('content_safety', 'quality_threshold', 'anatomical_defects', 'insufficient_clothing', 'attribute_mismatch')),
      rejection_details jsonb not null,
      quality_score integer,
      safety_score integer,
      human_realism_score integer,
      admin_review_status text not null default 'pending' check (admin_review_status in ('pending', 'approved', 'rejected', 'restored')),
      admin_reviewer text,
      reviewed_at timestamptz,
      admin_notes text,
      blocked_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index blocked_images_review on blocked_images (admin_review_status, blocked_at desc)`.execute(db);

  await sql`
    create table batch_jobs (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('sequential', 'priority')),
      status text not null default 'running' check (status in ('running', 'completed', 'cancelled', 'failed')),
      total integer not null default 0,
      processed integer not null default 0,
      succeeded integer not null default 0,
      failed integer not null default 0,
      steps integer not null default 0,
      metrics jsonb not null default '{}',
      options jsonb not null default '{}',
      created_at timestamptz not null default now(),
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index batch_jobs_created on batch_jobs (created_at desc)`.execute(db);

  // The SEV queue: combinations in the order a sequential batch visits them, per cycle.
  await sql`
    create table sev_queue (
      combination_code text not null references combinations(code) on delete cascade,
      sev_level text not null,
      sequence integer not null,
      cycle integer not null,
      batch_job_id uuid references batch_jobs(id) on delete set null,
      sent_at timestamptz,
      completed_at timestamptz,
      primary key (cycle, sequence)
    )`.execute(db);
  await sql`create index sev_queue_unsent on sev_queue (cycle, sequence) where sent_at is null`.execute(db);
  await sql`create index sev_queue_outstanding on sev_queue (cycle, sequence) where sent_at is not null and completed_at is null`.execute(db);
}
