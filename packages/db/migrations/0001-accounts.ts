import { sql, type Kysely } from 'kysely';

/** Accounts, sessions, reset tokens, mail outbox, admins, settings, bot-check replay guard, rate limits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pgcrypto`.execute(db);
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      username text not null,
      first_name text not null,
      last_name text not null,
      password_hash text not null,
      tier text not null default 'enthusiast'
        check (tier in ('enthusiast', 'stylist', 'collector', 'fashion_icon')),
      style_vibe text,
      body_shape text,
      skin_tone text,
      date_of_birth date,
      gender text,
      country text,
      bio text,
      geolocation_enabled boolean not null default true,
      preferred_country text,
      preferred_google_domain text,
      preferred_amazon_domain text,
      referred_by uuid references users(id) on delete set null,
      deletion_requested_at timestamptz,
      is_test boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
  // The referrer search matches name prefixes; referral counts group by referred_by.
  await sql`create index users_username_prefix on users (lower(username) text_pattern_ops)`.execute(db);
  await sql`create index users_referred_by on users (referred_by)`.execute(db);
  await sql`create index users_deletion on users (deletion_requested_at) where deletion_requested_at is not null`.execute(db);

  await sql`
    create table sessions (
      id text primary key,
      user_id uuid not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      last_activity_at timestamptz not null default now(),
      ip_address text,
      user_agent text,
      device_type text not null default 'desktop',
      browser text,
      os text
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);
  await sql`create index sessions_expiry on sessions (expires_at)`.execute(db);

  await sql`
    create table password_reset_tokens (
      id text primary key,
      user_id uuid not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reset_tokens_user on password_reset_tokens (user_id)`.execute(db);
  await sql`create index reset_tokens_expiry on password_reset_tokens (expires_at)`.execute(db);

  await sql`
    create table mail_outbox (
      id bigserial primary key,
      recipient text not null,
      subject text not null,
      body_text text not null,
      body_html text,
      kind text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    )`.execute(db);
  await sql`create index mail_outbox_recipient on mail_outbox (recipient, created_at desc)`.execute(db);

  await sql`
    create table admins (
      id uuid primary key default gen_random_uuid(),
      admin_key text not null unique,
      password_hash text not null,
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    )`.execute(db);

  await sql`
    create table settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table bot_check_uses (
      signature text primary key,
      expires_at timestamptz not null
    )`.execute(db);

  // rate-limiter-flexible's Postgres store, created here so that no process races to create it.
  await sql`
    create table rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`.execute(db);
}
