import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { dailyLimit, type Tier } from '@drape/contracts';

/**
 * The profile's naive floor (issue 17): a bare Fastify route with node-pg running the SQL that
 * GET /api/user/profile ran before issue 17, frozen here as it stood: the session joined to its
 * user, then today's usage and the counting referrals (two queries at once), answering the same
 * JSON. Naive on purpose: the product is to beat it by design, not to match it.
 */
// Dates as strings and counts as numbers, as the product's pool reads them (packages/db).
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number(v));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 /* the server's pool (packages/boot) */ });
const SESSION_SQL = `select "users".*, "sessions"."id" as "s_id", "sessions"."expires_at" as "s_expires_at", "sessions"."created_at" as "s_created_at",
  "sessions"."last_activity_at" as "s_last_activity_at", "sessions"."ip_address" as "s_ip_address", "sessions"."user_agent" as "s_user_agent",
  "sessions"."device_type" as "s_device_type", "sessions"."browser" as "s_browser", "sessions"."os" as "s_os"
  from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1`;
const REFERRALS_SQL = `select count(*) as "n" from "referrals" where "referrer_id" = $1 and "status" in ($2, $3)`;
const USAGE_SQL = `select "used", "shared" from "daily_usage" where "user_id" = $1 and "day" = $2`;
const maxDays = Number(process.env.SESSION_MAX_DAYS ?? 90);

const app = Fastify({ logger: false });
app.get('/api/user/profile', async (req, reply) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const id = createHash('sha256').update(token).digest('hex');
  const { rows: [row] } = await pool.query(SESSION_SQL, [id]);
  const now = Date.now();
  if (!row || row.s_expires_at.getTime() <= now || row.s_created_at.getTime() + maxDays * 86_400_000 <= now || row.deletion_requested_at) {
    return reply.code(401).send({ error: 'unauthorized', message: 'Please sign in.' });
  }
  const [referrals, usage] = await Promise.all([
    pool.query(REFERRALS_SQL, [row.id, 'counted', 'released']),
    pool.query(USAGE_SQL, [row.id, new Date().toISOString().slice(0, 10)]),
  ]);
  const n = Number(referrals.rows[0].n);
  const used = usage.rows[0]?.used ?? 0;
  const view = {
    id: row.id, email: row.email, username: row.username, firstName: row.first_name, lastName: row.last_name, tier: row.tier,
    styleVibe: row.style_vibe, bodyShape: row.body_shape, skinTone: row.skin_tone, dateOfBirth: row.date_of_birth, gender: row.gender,
    country: row.country, bio: row.bio, geolocationEnabled: row.geolocation_enabled, preferredCountry: row.preferred_country,
    preferredDomains: { google: row.preferred_google_domain, amazon: row.preferred_amazon_domain },
    dailyImagesUsed: used, dailyImagesLimit: dailyLimit(row.tier as Tier, usage.rows[0]?.shared ?? false),
    invitesSent: n, referralCount: n, deletionRequestedAt: null, createdAt: row.created_at.toISOString(),
  };
  return { ...view, user: view };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'listening', port: (app.server.address() as { port: number }).port });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
