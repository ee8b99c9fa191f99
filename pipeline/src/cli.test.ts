import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { enumerateCombinations } from '@drape/atelier';
import { createMailDelivery, createMailer, verifyAdmin } from '@drape/auth';
import { startSmtpSink } from '@drape/auth/testing';
import { loadConfig } from '@drape/config';
import { createMailQueue } from '@drape/jobs';
import { AUDIT_REFUSED_CALL } from '@drape/contracts/admin';
import { recordRefusal } from '@drape/operations';
import { readPlatformSettings } from '@drape/db';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { testLogger } from '@drape/log/testing';
import { makeLook } from '@drape/looks/testing';

const here = path.dirname(fileURLToPath(import.meta.url));
let db: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-cli-'));
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function drapeWith(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 60_000,
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}
const drape = (...args: string[]) => drapeWith({}, ...args);

describe('npm run drape', () => {
  it('refuses bad arguments with a message and a non-zero exit', () => {
    expect(drape('generate', '--gender', 'alien', '--trend', 'Denim')).toMatchObject({ code: 2, err: expect.stringContaining('--gender is female or male') });
    expect(drape('generate', '--gender', 'female', '--trend', 'Denim', '--occasion', 'Office')).toMatchObject({ code: 2, err: expect.stringContaining('exactly one of') });
    expect(drape('generate', '--gender', 'female', '--trend', 'Grunge')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown trend "Grunge"') });
    expect(drape('batch', 'start', '--cycles', 'many')).toMatchObject({ code: 1, err: expect.stringContaining('--cycles must be a whole number') });
    expect(drape('batch', 'start', '--level', 'SEV-5')).toMatchObject({ code: 1, err: expect.stringContaining('--level is one of SEV-1, SEV-2, SEV-3, SEV-4, all') });
    expect(drape('nonsense').code).not.toBe(0);
    expect(drape('admin', 'create', 'ops', '--password', 'short')).toMatchObject({ code: 2 });
  }, 120_000);

  it('creates an admin and resets its password', async () => {
    expect(drape('admin', 'create', 'ops', '--password', 'first-password')).toMatchObject({ code: 0 });
    expect(drape('admin', 'create', 'ops', '--password', 'again-password')).toMatchObject({ code: 2, err: expect.stringContaining('exists') });
    expect(drape('admin', 'reset-password', 'ops', '--password', 'second-password')).toMatchObject({ code: 0 });
    expect(await verifyAdmin(db.db, 'ops', 'first-password')).toBeNull();
    expect(await verifyAdmin(db.db, 'ops', 'second-password')).not.toBeNull();
  }, 120_000);

  it('generates one look and reports it', () => {
    const res = drape('generate', '--gender', 'male', '--palette', 'Minimal Heat', '--seed', '7');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Image [0-9a-f-]{36} \(male\.palette\.minimal_heat\./);
    const file = res.out.match(/File: (\S+\.webp)/)?.[1];
    expect(file && fs.existsSync(file)).toBe(true);
  }, 120_000);

  it('seeds looks, LookBook looks and users, and prints the summary', async () => {
    expect(drape('seed', 'looks', '--looks', '10', '--lookbook', '11')).toMatchObject({ code: 2, err: expect.stringContaining('--lookbook cannot exceed --looks') });
    const res = drape('seed', 'looks', '--looks', '300', '--lookbook', '100', '--users', '12', '--heavy-saves', '20', '--originals', '3');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Seeded in [\d.]+ s\./);
    const lookbook = await db.db.selectFrom('generated_images').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'lookbook').executeTakeFirstOrThrow();
    expect(Number(lookbook.n)).toBe(100);
    const users = await db.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('username', 'like', 'seed_%').executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(13);
  }, 120_000);

  it('seeds only the embedded PostgreSQL unless --force', async () => {
    // Another server's database: the embedded cluster's setting switched off for this database alone.
    const other = await createTestDatabase();
    try {
      await sql`alter database ${sql.id(other.name)} set drape.embedded = 'off'`.execute(other.db);
      const on = (...args: string[]) => {
        const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), ...args], {
          env: { ...process.env, DATABASE_URL: other.url, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000,
        });
        return { code: res.status, out: res.stdout, err: res.stderr };
      };
      const counts = async () => {
        const n = async (table: 'users' | 'generated_images' | 'blocked_images') =>
          Number((await other.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        return { users: await n('users'), looks: await n('generated_images'), blocked: await n('blocked_images') };
      };
      const before = await counts();
      for (const args of [['seed', 'looks', '--looks', '5', '--lookbook', '1', '--users', '2', '--heavy-saves', '0', '--originals', '1'], ['seed', 'blocked', '--count', '1']]) {
        expect(on(...args)).toMatchObject({ code: 2, err: expect.stringContaining('not the embedded PostgreSQL') });
      }
      expect(await counts()).toEqual(before);
      expect(on('seed', 'looks', '--looks', '5', '--lookbook', '1', '--users', '2', '--heavy-saves', '0', '--originals', '1', '--force').code).toBe(0);
      expect(on('seed', 'blocked', '--count', '1', '--force').code).toBe(0);
      expect(await counts()).toEqual({ users: before.users + 2, looks: before.looks + 5, blocked: before.blocked + 1 });
    } finally {
      await other.drop();
    }
  }, 240_000);

  it('reports the LookBook and curates it to LOOKBOOK_AUTOCURATE', async () => {
    // Only this test's looks (the generate and seed tests' looks would compete; saved ones go first).
    await db.db.deleteFrom('wardrobe_items').execute();
    await db.db.deleteFrom('generated_images').execute();
    const combos = enumerateCombinations({ activeOnly: true, includeUnset: false }).slice(0, 3);
    const ids: string[] = [];
    for (const [i, c] of combos.entries()) {
      const made = await makeLook(db.db, { combination: c, qualityScore: 80 + i, ...(i === 0 ? { status: 'lookbook' as const, curatedBy: 'admin' as const } : {}) });
      ids.push(made.id);
    }
    expect(drape('lookbook', 'status')).toMatchObject({ code: 0, out: 'LookBook: 1 looks (0 auto-curated, 1 by an admin); auto-curation fills it to 200 (LOOKBOOK_AUTOCURATE).\n' });
    expect(drapeWith({ LOOKBOOK_AUTOCURATE: '0' }, 'lookbook', 'curate')).toMatchObject({ code: 0, out: 'Nothing done: auto-curation is off (LOOKBOOK_AUTOCURATE=0).\n' });
    expect(drapeWith({ LOOKBOOK_AUTOCURATE: 'many' }, 'lookbook', 'curate')).toMatchObject({ code: 1, err: expect.stringContaining('LOOKBOOK_AUTOCURATE must be a whole number') });
    const curated = drapeWith({ LOOKBOOK_AUTOCURATE: '2' }, 'lookbook', 'curate');
    expect(curated).toMatchObject({ code: 0, out: expect.stringContaining('Curated 1 looks; the LookBook holds 2 or more looks, auto-curation fills it to 2 (LOOKBOOK_AUTOCURATE).') });
    // The best of the two other combinations; the starter check then stocks the pairs without a look.
    expect(curated.out).toMatch(/Starter set: \d+ looks queued/);
    expect(await db.db.selectFrom('generated_images').select(['id', 'curated_by']).where('status', '=', 'lookbook').orderBy('quality_score').execute())
      .toEqual([{ id: ids[0], curated_by: 'admin' }, { id: ids[2], curated_by: 'auto' }]);
    expect(drapeWith({ LOOKBOOK_AUTOCURATE: '2' }, 'lookbook', 'status')).toMatchObject({ code: 0, out: 'LookBook: 2 looks (1 auto-curated, 1 by an admin); auto-curation fills it to 2 (LOOKBOOK_AUTOCURATE).\n' });
  }, 120_000);

  it('turns maintenance on and off like the admin area, with audit rows', async () => {
    expect(drape('maintenance', 'status')).toMatchObject({ code: 0, out: 'Maintenance mode is off.\n' });
    expect(drape('maintenance', 'on')).toMatchObject({ code: 0, out: expect.stringContaining('Maintenance mode is on: user calls answer 503') });
    expect(await readPlatformSettings(db.db)).toEqual({ maintenanceMode: true, analyticsTracking: true, pushNotifications: true });
    expect(drape('maintenance', 'off')).toMatchObject({ code: 0, out: 'Maintenance mode is off.\n' });
    expect(drape('maintenance', 'sideways')).toMatchObject({ code: 2, err: expect.stringContaining('state is on, off or status') });
    const rows = await db.db.selectFrom('admin_audit_log').select(['actor_kind', 'details']).where('action', '=', 'admin.settings.update').orderBy('id').execute();
    expect(rows.map((r) => [r.actor_kind, (r.details as { input: unknown }).input])).toEqual([['cli', { maintenanceMode: true }], ['cli', { maintenanceMode: false }]]);
  }, 240_000);

  it('lists the audit log, refusals apart with --refused (why, how many) and changes with --changes', async () => {
    const refusal = { action: AUDIT_REFUSED_CALL, reason: 'no_token' as const, targetId: 'admin.stats', ipAddress: '198.51.100.9', userAgent: null };
    await recordRefusal(db.db, refusal);
    await recordRefusal(db.db, refusal);
    const refused = drape('audit', '--refused');
    expect(refused).toMatchObject({ code: 0, out: expect.stringContaining('refused: no_token x2') });
    expect(refused.out).toContain('198.51.100.9');
    expect(refused.out).not.toContain('admin.settings.update');
    const changes = drape('audit', '--changes');
    expect(changes).toMatchObject({ code: 0, out: expect.stringContaining('admin.settings.update') });
    expect(changes.out).not.toContain(AUDIT_REFUSED_CALL);
    expect(drape('audit', '--refused', '--changes')).toMatchObject({ code: 2, err: expect.stringContaining('exclude each other') });
  }, 120_000);

  it('status shows the mail: pending, sent and failed in the last day, and the newest failure with its error', async () => {
    // A provider that is always busy for one address: its mail is retried, then given up.
    const sink = await startSmtpSink({ reply: (to) => (to.startsWith('never') ? { code: 451, message: '4.3.0 Mailbox busy, try again later' } : 'accept') });
    const config = loadConfig({ SMTP_URL: sink.url });
    const queue = await createMailQueue(db.url, db.db, { log: testLogger(), retry: { retryLimit: 1, retryDelaySeconds: 1 }, pollingIntervalSeconds: 0.5 });
    const delivery = createMailDelivery(db.db, config);
    try {
      await queue.work((attempt) => delivery.deliver(attempt));
      const mailer = createMailer(db.db, config, testLogger(), queue);
      const mail = (to: string) => ({ to, subject: 'Reset your Drape password', text: 'Use http://x/reset-password?token=abc', kind: 'password_reset' });
      await mailer.send(mail('ok@example.com'));
      await mailer.send(mail('never@example.com'));
      const deadline = Date.now() + 30_000;
      while ((await db.db.selectFrom('mail_outbox').select('id').where((w) => w.or([w('sent_at', 'is not', null), w('failed_at', 'is not', null)])).execute()).length < 2) {
        if (Date.now() > deadline) throw new Error('the mails did not end');
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await queue.close();
      delivery.close();
      await sink.close();
    }
    // One more waiting for its delivery.
    await db.db.insertInto('mail_outbox').values({ recipient: 'later@example.com', subject: 's', body_text: 'b', kind: 'password_changed' }).execute();
    const res = drapeWith({ SMTP_URL: 'smtp://127.0.0.1:25' }, 'status');
    expect(res.code).toBe(0);
    expect(res.out).toContain('Mail: 1 pending; in the last 24 h 1 sent, 1 failed\n');
    expect(res.out).toMatch(/^Newest failed mail: password_reset at \d{4}-\d\d-\d\dT[\d:.]+Z after 2 attempts: .*451 4\.3\.0 Mailbox busy/m);
    expect(res.out).not.toContain('SMTP_URL is not set');
    expect(drape('status').out).toContain('Mail: SMTP_URL is not set here');
  }, 120_000);

  it('verifies the prompts and names the stale ones', async () => {
    const ok = drape('prompts', 'verify');
    expect(ok).toMatchObject({ code: 0, out: expect.stringMatching(/^\d+ active combinations; 0 stale prompts; 0 missing\.\n$/) });
    const code = (await db.db.selectFrom('combinations').select('code').where('active', '=', true).orderBy('code').limit(1).executeTakeFirstOrThrow()).code;
    await db.db.updateTable('combinations').set({ enhanced_prompt: 'an old prompt' }).where('code', '=', code).execute();
    expect(drape('prompts', 'verify')).toMatchObject({ code: 1, out: expect.stringContaining(`1 stale prompts; 0 missing.\n${code}\n`) });
    expect(drape('prompts', 'regenerate').code).toBe(0);
    expect(drape('prompts', 'verify').code).toBe(0);
  }, 240_000);
});
