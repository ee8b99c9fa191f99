import { sql, type Kysely } from 'kysely';

/**
 * Referrals with a standing (docs/decisions/0015-referral-holds.md): one row per account that
 * signed up through a referral, with the network it signed up from (the IPv4 /24 or IPv6 /48)
 * and whether it counts toward the referrer's tier (counted, released by an admin) or not (held,
 * revoked). Referrals made before this migration keep counting, with their network unknown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referrals (
      user_id uuid primary key references users(id) on delete cascade,
      referrer_id uuid not null references users(id) on delete cascade,
      network text,
      status text not null check (status in ('counted', 'held', 'released', 'revoked')),
      hold_reason text check (hold_reason in ('same_network', 'disposable_email', 'no_network')),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by text
    )`.execute(db);
  // A referrer's referrals, newest first: the rule's look-back, the counts and the admin's list.
  await sql`create index referrals_by_referrer on referrals (referrer_id, created_at desc)`.execute(db);
  // The user list's held count per row.
  await sql`create index referrals_held on referrals (referrer_id) where status = 'held'`.execute(db);
  await sql`
    insert into referrals (user_id, referrer_id, network, status, created_at)
    select id, referred_by, null, 'counted', created_at from users where referred_by is not null`.execute(db);
}
