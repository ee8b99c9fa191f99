import os from 'node:os';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { readMailStatus, removeAdmin, upsertAdmin, type MailStatus } from '@drape/auth';
import { BODY_SHAPES, OCCASIONS, PALETTES, SKIN_TONES, STYLE_VIBES, TRENDS, findCatalogEntry, isGender, selectionField, type Combination, type SelectionRef } from '@drape/contracts';
import { AUDIT_ACTIONS, BATCH_PRIORITY_FILTERS, BLOCKED_CLEANUP_AFTER_DAYS } from '@drape/contracts/admin';
import { PERFORMANCE_MODES } from '@drape/contracts/generation';
import { boot } from '@drape/boot';
import { logSettings, type Config } from '@drape/config';
import { isEmbeddedDatabase, MIGRATION_NAMES, setPerformanceMode, readPerformanceMode, readPlatformSettings, updatePlatformSettings, type Db } from '@drape/db';
import { QUEUES, generateJobData, startBoss, stopBoss, waitingJobs, type PgBoss } from '@drape/jobs';
import { createLogger } from '@drape/log';
import type { Storage } from '@drape/storage';
import { providerFor } from './daemon';
import { runGenerateJob } from './generate-job';
import { atelierProvider } from './providers/atelier-provider';
import { seedBlocked } from './seed-blocked';
import { seedLooks, SEED_HEAVY_USERNAME, SEED_PASSWORD, type SeedStage } from './seed-looks';
import { describeStarter, starterProgress, stockStarterSet } from './starter-stock';
import { cancelBatch, clearPipeline, initSevQueue, startPriorityBatch, startSequentialBatch, batchRates, readBatchCounters, BatchError, MAX_CYCLES, type BatchLevel, curateLookbook, lookbookStatus, cleanupLowQuality, OperationBusyError, cleanupBlockedImages, blockedStats, deleteExpiredImages, purgeDeletedAccounts, severityRows, podStatus, regeneratePrompts, verifyPrompts, recordAudit, listAudit, type AuditEntry, checkStoreIntegrity, markExistingLooks, rescoreLooks, ORPHAN_GRACE_MS, type IntegrityReport, BackupError, writeBackup, restoreBackup, type BackupPhase, type RestorePhase } from '@drape/operations';

/**
 * The operator CLI: `npm run drape -- <command>`. Connects to DATABASE_URL, or to the embedded
 * PostgreSQL of DATA_DIR (the running one of `npm start`, or its own for the duration).
 */
class UsageError extends Error {}

/**
 * What the CLI does on the way (the boot's migrations, a queue error) goes to the log, on stderr:
 * stdout holds only the command's answer (its tables, messages and progress bars), for a person or a pipe.
 */
const log = createLogger({ role: 'cli', ...logSettings(), destination: 2 });

/** Runs a command on the database, booted (and prepared) as every Drape process is. */
async function withDb<T>(fn: (db: Db, url: string, config: Config, storage: Storage) => Promise<T>): Promise<T> {
  const booted = await boot({ role: 'cli', log, quietDatabase: true });
  try {
    return await fn(booted.db.db, booted.url, booted.config, booted.storage);
  } finally {
    await booted.stop();
  }
}

/** Runs a command on the database and image store as they are: no migrations, seed or admin (backup, restore). */
async function withStoreAsItIs<T>(fn: (url: string, config: Config, storage: Storage) => Promise<T>): Promise<T> {
  const booted = await boot({ role: 'cli', log, quietDatabase: true, prepare: false });
  try {
    return await fn(booted.url, booted.config, booted.storage);
  } finally {
    await booted.stop();
  }
}

async function withBoss<T>(db: Db, url: string, fn: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = await startBoss(url, db, 'cli', { log });
  try {
    return await fn(boss);
  } finally {
    await stopBoss(boss, 'cli');
  }
}

function bar(label: string) {
  const b = new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) {
        b.start(total, 0);
        started = true;
      }
      b.setTotal(total);
      b.update(done);
    },
    stop() {
      if (started) b.stop();
    },
  };
}

/** One progress bar per phase of a long operation, each closed as the next begins. */
function phaseBars<P extends string>(labels: Record<P, string>) {
  const bars = new Map<P, ReturnType<typeof bar>>();
  let current: P | null = null;
  return {
    update(phase: P, done: number, total: number) {
      if (current && current !== phase) bars.get(current)?.stop();
      current = phase;
      if (!bars.has(phase)) bars.set(phase, bar(labels[phase]));
      bars.get(phase)!.update(done, Math.max(total, 1));
    },
    stop() {
      if (current) bars.get(current)?.stop();
    },
  };
}

const size = (bytes: number) => (bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1_048_576).toFixed(1)} MB`);
const grouped = (n: number) => n.toLocaleString('en-US');

const wholeNumber = (name: string, min: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}.`);
  return n;
};
const positiveInt = (name: string) => wholeNumber(name, 1);
const batchLevel = (v: string): BatchLevel => {
  const level = BATCH_PRIORITY_FILTERS.find((l) => l.toLowerCase() === v.toLowerCase());
  if (!level) throw new InvalidArgumentError(`--level is one of ${BATCH_PRIORITY_FILTERS.join(', ')}.`);
  return level;
};

/** A catalog entry's typed id by its name or id, or a usage error listing the choices. */
function pick<T extends { id: string; name: string }>(list: readonly T[], value: string, label: string): T['id'] {
  const found = findCatalogEntry(list, value);
  if (!found) throw new UsageError(`Unknown ${label} "${value}". One of: ${list.map((e) => e.name).join(', ')}`);
  return found.id;
}

const table = (rows: Record<string, unknown>[]) => console.table(rows);

/** A change made at the CLI goes to the audit log beside the admin area's, under the operator's login. */
function audit(db: Db, entry: AuditEntry): Promise<void> {
  let name = 'unknown';
  try {
    name = os.userInfo().username;
  } catch {
    /* no passwd entry (a container's arbitrary uid) */
  }
  return recordAudit(db, { kind: 'cli', name, ipAddress: null, userAgent: 'drape-cli' }, entry);
}

const program = new Command('drape')
  .description('Drape operator commands')
  .showHelpAfterError()
  .exitOverride();

/** The outbox's lines of `status`: what waits, what went, and the newest mail given up. */
function describeMail(status: MailStatus, smtp: boolean): string[] {
  const lines = [`Mail: ${status.pending} pending; in the last 24 h ${status.sentLastDay} sent, ${status.failedLastDay} failed`];
  if (!smtp) lines.push('Mail: SMTP_URL is not set here: mail is not sent (a development server shows it in its log)');
  const f = status.newestFailure;
  if (f) lines.push(`Newest failed mail: ${f.kind} at ${f.failedAt.toISOString()} after ${f.attempts} attempt${f.attempts === 1 ? '' : 's'}: ${f.error ?? 'no error recorded'}`);
  return lines;
}

program.command('status').description('workers, queues, inventory, mail, the running batch and the starter set').action(() =>
  withDb(async (db, url, config) => {
    const workers = await db.selectFrom('pipeline_workers').selectAll().orderBy('last_heartbeat_at', 'desc').limit(20).execute();
    console.log('Workers');
    table(workers.map((w) => ({ name: w.name, host: w.hostname, pid: w.pid, status: podStatus(w), lastHeartbeat: w.last_heartbeat_at.toISOString() })));
    const inv = await db.selectFrom('generated_images').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    console.log('Inventory');
    table(inv.map((r) => ({ status: r.status, images: Number(r.n) })));
    const mode = await readPerformanceMode(db);
    console.log(`Performance mode: ${mode.name} (concurrency ${mode.concurrency}, batch ${mode.batchSize}, delay ${mode.delayMs} ms, timeout ${mode.timeoutMs / 1000} s)`);
    await withBoss(db, url, async (boss) => {
      console.log(`Queued: generate ${await waitingJobs(boss, QUEUES.generate)}, batch ${await waitingJobs(boss, QUEUES.batch)}, mail ${await waitingJobs(boss, QUEUES.mail)}`);
    });
    for (const line of describeMail(await readMailStatus(db), Boolean(config.SMTP_URL))) console.log(line);
    const batch = await db.selectFrom('batch_jobs').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (batch) console.log(`Newest batch ${batch.id}: ${batch.status}, ${batch.processed}/${batch.total}, ${batch.succeeded} images`);
    const starter = await starterProgress(db);
    if (starter) console.log(describeStarter(starter));
  }));

program.command('sev').description('combinations per severity level').action(() =>
  withDb(async (db) => {
    table((await severityRows(db)).map((r) => ({ level: r.severity_level, combinations: r.combo_count, percent: r.percentage, images: r.description })));
  }));

const batch = program.command('batch').description('the sequential SEV batch');
batch.command('start').description('start a sequential batch, most severe combinations first (or, with --level, a priority batch over one SEV level)')
  .option('--cycles <n>', `cycles over the queue (1-${MAX_CYCLES})`, positiveInt('--cycles'), 1)
  .option('--limit <n>', 'at most this many combinations per cycle', positiveInt('--limit'))
  .option('--level <level>', `only combinations at this level: ${BATCH_PRIORITY_FILTERS.join(', ')} (the admin's batch-generate)`, batchLevel)
  .action((opts: { cycles: number; limit?: number; level?: BatchLevel }) =>
    withDb(async (db, url) => {
      if (opts.cycles > MAX_CYCLES) throw new UsageError(`--cycles is at most ${MAX_CYCLES}.`);
      const { level, ...sequential } = opts;
      const id = await withBoss(db, url, (boss) => (level
        ? startPriorityBatch(db, boss, { ...sequential, level })
        : startSequentialBatch(db, boss, sequential)));
      // The admin's batch-generate names its level priorityFilter; the row reads alike from both.
      await audit(db, level
        ? { action: AUDIT_ACTIONS.batchGenerate, targetType: 'batch', targetId: id, details: { input: { priorityFilter: level, limit: opts.limit, cycles: opts.cycles } } }
        : { action: AUDIT_ACTIONS.startSequentialBatch, targetType: 'batch', targetId: id, details: { input: sequential } });
      console.log(`Batch ${id} started; a running pipeline works it. Watch it with: npm run drape -- batch watch`);
    }));
batch.command('cancel [id]').description('cancel the running batch').action((id?: string) =>
  withDb(async (db) => {
    const n = await cancelBatch(db, id);
    if (n === 0) throw new UsageError('No running batch to cancel.');
    await audit(db, { action: AUDIT_ACTIONS.cancelBatch, targetType: 'batch', targetId: id ?? null, details: { result: { cancelled: n } } });
    console.log(`Cancelled ${n} batch.`);
  }));
batch.command('watch [id]').description('follow a batch until it ends').action((id?: string) =>
  withDb(async (db) => {
    const find = () => {
      const q = db.selectFrom('batch_jobs').selectAll();
      return (id ? q.where('id', '=', id) : q.orderBy('created_at', 'desc').limit(1)).executeTakeFirst();
    };
    const first = await find();
    if (!first) throw new UsageError('No batch yet. Start one with: npm run drape -- batch start');
    const b = bar(`batch ${first.id.slice(0, 8)}`);
    for (;;) {
      const row = await find();
      if (!row) break;
      b.update(row.processed, Math.max(row.total, 1));
      if (row.status !== 'running') {
        b.stop();
        const rates = batchRates(readBatchCounters(row.metrics), row.started_at, row.finished_at);
        console.log(`${row.status}: ${row.succeeded} images, ${row.failed} blocked or failed, ${rates.perMinute} images/min`);
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }));
batch.command('init').description('rebuild the SEV queue (most severe first)').action(() =>
  withDb(async (db) => {
    const queued = await initSevQueue(db);
    await audit(db, { action: AUDIT_ACTIONS.initSevQueue, details: { result: { queued } } });
    console.log(`SEV queue: ${queued} combinations.`);
  }));
program.command('clear-pipeline').description('cancel batches, drop queued jobs, empty the SEV queue').action(() =>
  withDb(async (db, url) => {
    const r = await withBoss(db, url, (boss) => clearPipeline(db, boss));
    await audit(db, { action: AUDIT_ACTIONS.clearPipeline, details: { result: r } });
    console.log(r);
  }));

program.command('generate').description('generate one look now, in this process')
  .requiredOption('--gender <gender>', 'female or male')
  .option('--trend <name>').option('--palette <name>').option('--occasion <name>')
  .option('--vibe <name>').option('--body <name>').option('--skin <name>')
  .option('--seed <n>', 'seed (default random)', (v) => Number.parseInt(v, 10))
  .action((o: Record<string, string | number | undefined>) =>
    withDb(async (db, _url, config, storage) => {
      const gender = String(o.gender).toLowerCase();
      if (!isGender(gender)) throw new UsageError('--gender is female or male.');
      const chosen = (['trend', 'palette', 'occasion'] as const).filter((k) => o[k] !== undefined);
      if (chosen.length !== 1) throw new UsageError('Give exactly one of --trend, --palette or --occasion.');
      const kind = chosen[0]!;
      const value = String(o[kind]);
      const selection: SelectionRef = kind === 'trend' ? { kind, id: pick(TRENDS, value, 'trend') }
        : kind === 'palette' ? { kind, id: pick(PALETTES, value, 'palette') } : { kind, id: pick(OCCASIONS, value, 'occasion') };
      const combination: Combination = { gender, ...selectionField(selection) };
      if (o.vibe !== undefined) combination.styleVibe = pick(STYLE_VIBES, String(o.vibe), 'style vibe');
      if (o.body !== undefined) combination.bodyShape = pick(BODY_SHAPES, String(o.body), 'body shape');
      if (o.skin !== undefined) combination.skinTone = pick(SKIN_TONES, String(o.skin), 'skin tone');
      const seed = Number.isFinite(o.seed) ? Number(o.seed) : Math.floor(Math.random() * 2 ** 31);
      const data = generateJobData(combination, { seed, source: 'admin' });
      const mode = await readPerformanceMode(db);
      const out = await runGenerateJob({ db, storage, provider: providerFor(config), timeoutMs: mode.timeoutMs }, crypto.randomUUID(), data);
      if (out.kind === 'blocked') {
        console.log(`Blocked (${out.reason}); see the blocked images.`);
        process.exitCode = 1;
        return;
      }
      const img = await db.selectFrom('generated_images').selectAll().where('id', '=', out.imageId).executeTakeFirstOrThrow();
      const items = await db.selectFrom('fashion_items').select(['name', 'type', 'color', 'price_range']).where('image_id', '=', img.id).orderBy('position').execute();
      console.log(`Image ${img.id} (${img.combination_code}), quality ${img.quality_score}`);
      console.log(storage.kind === 'local' ? `File: ${config.dataDir}/media/${img.storage_key}` : `Object: public/${img.storage_key} in ${config.S3_BUCKET}`);
      table(items);
    }));

program.command('retention').description('delete generated images past 181 days (never kept ones) and purge deleted accounts')
  .option('--dry-run', 'count only')
  .action((o: { dryRun?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      const b = bar('images');
      const images = await deleteExpiredImages(db, storage, { dryRun: o.dryRun, onProgress: (d, t) => b.update(d, t) });
      b.stop();
      const accounts = await purgeDeletedAccounts(db, { dryRun: o.dryRun, storage });
      if (!o.dryRun) await audit(db, { action: AUDIT_ACTIONS.retention, details: { result: { images: images.images, files: images.files, accounts: accounts.accounts } } });
      console.log(`${o.dryRun ? 'Would delete' : 'Deleted'} ${images.images} images (${images.files} files) and ${accounts.accounts} accounts.`);
    }));

program.command('cleanup').description('delete images under the quality thresholds (65 female fair skin, 70 others)')
  .option('--dry-run', 'count only')
  .action((o: { dryRun?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      const b = bar('cleanup');
      const r = await cleanupLowQuality(db, storage, { dryRun: o.dryRun, onProgress: (d, t) => b.update(d, t) }).finally(() => b.stop());
      if (!o.dryRun) await audit(db, { action: AUDIT_ACTIONS.cleanupLowQuality, details: { result: r } });
      console.log(`${o.dryRun ? 'Would delete' : 'Deleted'} ${r.totalDeleted} images (female fair ${r.femaleFairDeleted}, others ${r.othersDeleted}).`);
    }));

const blocked = program.command('blocked').description('images the safety and quality checks refused, kept privately for review');
blocked.command('status').description('blocked images per review status').action(() =>
  withDb(async (db) => {
    const s = await blockedStats(db);
    console.log(`Blocked images: ${s.total} (pending ${s.pending}, approved ${s.approved}, rejected ${s.rejected}, restored ${s.restored}); ${s.eligibleForCleanup} eligible for cleanup.`);
  }));
blocked.command('cleanup').description(`delete rejected blocked images, and reviewed ones after ${BLOCKED_CLEANUP_AFTER_DAYS} days, with their files`)
  .option('--dry-run', 'count only')
  .action((o: { dryRun?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      const r = await cleanupBlockedImages(db, storage, { dryRun: o.dryRun });
      if (!o.dryRun) await audit(db, { action: AUDIT_ACTIONS.cleanupBlocked, details: { result: { deletedCount: r.deletedCount } } });
      console.log(`${o.dryRun ? 'Would delete' : 'Deleted'} ${r.deletedCount} blocked images${o.dryRun ? '' : ` (${r.files} files)`}.`);
    }));

/** The check's findings and what repair did, as the operator reads them. */
function describeIntegrity(r: IntegrityReport, repair: boolean): string[] {
  const f = r.found;
  const lines = [
    `Checked ${r.checked.looks} looks, ${r.checked.blocked} blocked images with a file, ${r.checked.pieces} pieces of My Pieces, and ${r.checked.files} files.`,
    `  looks without their picture     ${f.look_without_picture}`,
    `  looks without their thumbnail   ${f.look_without_thumbnail}`,
    `  blocked images without a file   ${f.blocked_without_file}`,
    `  files without a row             ${f.file_without_row}${r.recentFiles ? ` (and ${r.recentFiles} written in the last ${ORPHAN_GRACE_MS / 60_000} minutes, left alone: a job may be storing them)` : ''}`,
  ];
  if (r.archivedWithoutPicture) lines.push(`  (${r.archivedWithoutPicture} archived looks without their picture are kept for the wardrobes that hold them)`);
  if (r.piecesWithoutPhoto.length) {
    const n = r.piecesWithoutPhoto.length;
    lines.push(`  ${n} ${n === 1 ? 'piece of My Pieces has lost its photo' : 'pieces of My Pieces have lost their photos'}: kept (a user's own), shown to the owner without a picture until uploaded again`);
    for (const id of r.piecesWithoutPhoto.slice(0, 5)) lines.push(`    piece ${id}`);
  }
  for (const p of r.samples) lines.push(`    ${p.kind.replaceAll('_', ' ')}: ${p.area}/${p.key}${p.rowId ? ` (row ${p.rowId})` : ''}`);
  const total = Object.values(f).reduce((a, b) => a + b, 0);
  if (r.repaired) {
    const m = r.repaired;
    lines.push(`Repaired: ${m.thumbnailsMade} thumbnails made again, ${m.looksDeleted} looks deleted, ${m.looksArchived} looks archived (kept in a wardrobe), ${m.blockedCleared} blocked images left without a file, ${m.filesRemoved} files removed.`);
  } else if (total > 0 && !repair) {
    lines.push('Run `npm run drape -- check --repair` to mend them.');
  } else if (total === 0) {
    lines.push('The image store and the database agree.');
  }
  return lines;
}

program.command('check').description('find look rows without their files and files without their rows in the image store; --repair mends them')
  .option('--repair', 'mend what is found: make lost thumbnails again, delete (or archive, when a wardrobe keeps it) a look whose picture is lost, clear a blocked row\'s lost file, remove files no row names')
  .action((o: { repair?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      const bars = new Map<string, ReturnType<typeof bar>>();
      let current: string | null = null;
      const r = await checkStoreIntegrity(db, storage, {
        repair: o.repair,
        onProgress: (phase, done, total) => {
          if (current && current !== phase) bars.get(current)?.stop();
          current = phase;
          if (!bars.has(phase)) bars.set(phase, bar(phase.padEnd(7)));
          bars.get(phase)!.update(done, Math.max(total, 1));
        },
      }).finally(() => {
        if (current) bars.get(current)?.stop();
      });
      if (o.repair) await audit(db, { action: AUDIT_ACTIONS.repairStore, details: { result: { found: r.found, repaired: r.repaired } } });
      for (const line of describeIntegrity(r, Boolean(o.repair))) console.log(line);
      // A script can tell: problems left unmended exit 1.
      if (!o.repair && Object.values(r.found).some((n) => n > 0)) process.exitCode = 1;
    }));

program.command('ai-mark').description('write the machine-readable AI mark (XMP: IPTC digital source type and generator) into the files of looks stored before it; resumable, and a second run finds nothing to do')
  .action(() =>
    withDb(async (db, _url, _config, storage) => {
      const progress = bar('ai-mark');
      const r = await markExistingLooks(db, storage, { onProgress: (done, total) => progress.update(done, Math.max(total, 1)) }).finally(() => progress.stop());
      if (r.marked > 0) await audit(db, { action: AUDIT_ACTIONS.aiMarkLooks, details: { result: { marked: r.marked, missing: r.missing } } });
      console.log(r.marked === 0 && r.missing === 0 ? 'Every look carries the AI mark.' : `Marked ${grouped(r.marked)} look${r.marked === 1 ? '' : 's'}.`);
      if (r.missing > 0) console.log(`${grouped(r.missing)} look${r.missing === 1 ? ' has' : 's have'} no picture in the image store: run \`npm run drape -- check\`.`);
    }));

program.command('rescore').description("score every stored look again by the stylist's rules and write its note ('why this works'); idempotent")
  .option('--dry-run', 'report the scores the looks would get, change nothing')
  .action((o: { dryRun?: boolean }) =>
    withDb(async (db) => {
      const progress = bar('rescore');
      const r = await rescoreLooks(db, { dryRun: Boolean(o.dryRun), onProgress: (done, total) => progress.update(done, Math.max(total, 1)) }).finally(() => progress.stop());
      if (!o.dryRun && r.rescored > 0) {
        await audit(db, { action: AUDIT_ACTIONS.rescoreLooks, details: { result: { rescored: r.rescored, unmatched: r.unmatched, underThreshold: r.underThreshold, lookbookUnder70: r.lookbookUnder70 } } });
      }
      const spread = (scores: number[]) => {
        const sorted = [...scores].sort((a, b) => a - b);
        const at = (p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;
        return `p10 ${at(0.1)}, p50 ${at(0.5)}, p90 ${at(0.9)}`;
      };
      const plural = (n: number, one: string, many: string) => `${grouped(n)} ${n === 1 ? one : many}`;
      console.log(`${o.dryRun ? 'Would rescore' : 'Rescored'} ${plural(r.rescored, 'look', 'looks')}${r.rescored > 0 ? ` (before: ${spread(r.before)}; now: ${spread(r.after)})` : ''}.`);
      if (r.underThreshold > 0) console.log(`${plural(r.underThreshold, 'look is', 'looks are')} now under the keep threshold: \`npm run drape -- cleanup\` (or the admin's Cleanup) deletes those no wardrobe keeps.`);
      if (r.lookbookUnder70 > 0) console.log(`${plural(r.lookbookUnder70, 'LookBook look scores', 'LookBook looks score')} under 70, the mark curation asks for.`);
      if (r.unmatched > 0) console.log(`${plural(r.unmatched, 'look no longer composes', 'looks no longer compose')} as stored (made by an earlier composer): left as ${r.unmatched === 1 ? 'it was' : 'they were'}.`);
    }));

program.command('backup <dir>').description('write a consistent copy of the database and the image store (DATA_DIR/media and private, or the bucket under S3_PREFIX) into DIR, a new or empty folder')
  .action((dir: string) =>
    withStoreAsItIs(async (url, _config, storage) => {
      const bars = phaseBars<BackupPhase>({ tables: 'tables', images: 'images' });
      const m = await writeBackup({ url, storage, dir, onProgress: (phase, done, total) => bars.update(phase, done, total) }).finally(() => bars.stop());
      const rows = m.database.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backup written to ${dir}: ${grouped(rows)} rows in ${m.database.tables.length} tables (migration ${m.database.migrations.at(-1)}), ${grouped(m.images.count)} images (${size(m.images.bytes)}).`);
      console.log(`Not in it: pg-boss's queue (${m.database.excludedSchemas.join(', ') || 'no schema yet'}, pg-boss ${m.jobs.pgBossVersion}); a restore ends the batches that were running, to be started again.`);
      if (m.images.vanished) console.log(`${m.images.vanished} images were deleted while the backup ran (retention or a cleanup); after a restore, \`npm run drape -- check --repair\` mends their rows.`);
      console.log('It holds password hashes, sessions and the shared secrets: keep it private.');
    }));

program.command('restore <dir>').description('bring a backup back into an empty database and an empty image store (a fresh DATA_DIR, or an empty DATABASE_URL and bucket); checks every file first and changes nothing when the target is not empty')
  .action((dir: string) =>
    withStoreAsItIs(async (url, _config, storage) => {
      const bars = phaseBars<RestorePhase>({ verify: 'verify', images: 'images', tables: 'tables' });
      const r = await restoreBackup({ url, storage, dir, onProgress: (phase, done, total) => bars.update(phase, done, total) }).finally(() => bars.stop());
      const m = r.manifest;
      console.log(`Restored ${dir} (made ${m.createdAt} by Drape ${m.appVersion}): ${grouped(r.rows)} rows in ${m.database.tables.length} tables at migration ${m.database.migrations.at(-1)}, ${grouped(r.images)} images (${size(m.images.bytes)}).`);
      if (r.batchesCancelled) console.log(`Cancelled ${r.batchesCancelled === 1 ? 'the batch that was' : `${r.batchesCancelled} batches that were`} running at the backup (queued jobs are not in a backup): start it again with \`npm run drape -- batch start\`.`);
      if (r.reservationsReleased) console.log(`Released the reservations of ${r.reservationsReleased} generations in flight at the backup.`);
      const latest = MIGRATION_NAMES.at(-1);
      if (m.database.migrations.at(-1) !== latest) console.log(`The next start migrates it to this version's level (${latest}).`);
    }));

const lookbook = program.command('lookbook').description('the LookBook and its auto-curation (LOOKBOOK_AUTOCURATE)');
const autocuration = (config: Config) => (config.LOOKBOOK_AUTOCURATE > 0
  ? `auto-curation fills it to ${config.LOOKBOOK_AUTOCURATE} (LOOKBOOK_AUTOCURATE)`
  : 'auto-curation is off (LOOKBOOK_AUTOCURATE=0)');
lookbook.command('status').description('LookBook looks: how many, curated by the pipeline or by an admin').action(() =>
  withDb(async (db, _url, config) => {
    const s = await lookbookStatus(db);
    console.log(`LookBook: ${s.total} looks (${s.auto} auto-curated, ${s.admin} by an admin${s.other ? `, ${s.other} otherwise` : ''}); ${autocuration(config)}.`);
  }));
lookbook.command('curate').description('fill the LookBook now with the best look of each combination not in it').action(() =>
  withDb(async (db, url, config) => {
    if (config.LOOKBOOK_AUTOCURATE === 0) {
      console.log(`Nothing done: ${autocuration(config)}.`);
      return;
    }
    const r = await curateLookbook(db, config.LOOKBOOK_AUTOCURATE);
    await audit(db, { action: AUDIT_ACTIONS.curateLookbook, details: { result: r } });
    console.log(`Curated ${r.curated} looks; the LookBook holds ${r.lookbook >= r.target ? `${r.target} or more` : r.lookbook} looks, ${autocuration(config)}.`);
    if (r.curated === 0) return;
    // A look in the LookBook leaves Get My Look's inventory: a pair whose only look it was is stocked again.
    const starter = await withBoss(db, url, (boss) => stockStarterSet(db, boss));
    if (starter.started) console.log(`Starter set: ${starter.looks} looks queued for the pairs left without a look; a running pipeline makes them.`);
  }));

const prompts = program.command('prompts').description('the enhanced prompts of the combination matrix');
prompts.command('regenerate').description('rewrite every combination prompt').action(() =>
  withDb(async (db) => {
    const b = bar('prompts');
    const r = await regeneratePrompts(db, (d, t) => b.update(d, t));
    b.stop();
    await audit(db, { action: AUDIT_ACTIONS.regeneratePrompts, details: { result: r } });
    console.log(`Updated ${r.updated} of ${r.total} prompts in ${r.durationMs} ms (${r.errors} errors; sample length ${r.samplePromptLength}).`);
  }));
prompts.command('verify').description('check that every active combination has its current prompt').action(() =>
  withDb(async (db) => {
    const r = await verifyPrompts(db);
    console.log(`${r.active} active combinations; ${r.stale} stale prompts; ${r.missing} missing.`);
    if (!r.ok) {
      console.log(r.samples.join('\n'));
      process.exitCode = 1;
    }
  }));

/**
 * Seeding adds test users with one known password and thousands of looks: only into the embedded
 * PostgreSQL (a throwaway local database), unless the operator says --force.
 */
async function refuseUnlessEmbedded(db: Db, force: boolean | undefined): Promise<void> {
  if (force || (await isEmbeddedDatabase(db))) return;
  throw new UsageError('This database is not the embedded PostgreSQL (DATABASE_URL points at another server): seeding adds test users and looks. Add --force to seed it anyway.');
}
const FORCE_HELP = 'seed a database that is not the embedded PostgreSQL (DATABASE_URL)';

const seed = program.command('seed').description('fill the database for benchmarks and browser tests');
seed.command('looks').description('add looks (a few rendered, the rest cloned from them in the database), LookBook looks and users')
  .option('--looks <n>', 'looks to add', positiveInt('--looks'), 1_000_000)
  .option('--lookbook <n>', 'of them in the LookBook', wholeNumber('--lookbook', 0), 100_000)
  .option('--users <n>', `users seed_00001... (password "${SEED_PASSWORD}")`, wholeNumber('--users', 0), 10_000)
  .option('--heavy-saves <n>', `looks in the wardrobe of the Fashion Icon ${SEED_HEAVY_USERNAME} (0: no such user)`, wholeNumber('--heavy-saves', 0), 5_000)
  .option('--originals <n>', 'looks rendered for real, which the others clone', positiveInt('--originals'), 36)
  .option('--force', FORCE_HELP)
  .action((o: { looks: number; lookbook: number; users: number; heavySaves: number; originals: number; force?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      if (o.lookbook > o.looks) throw new UsageError('--lookbook cannot exceed --looks.');
      await refuseUnlessEmbedded(db, o.force);
      // The built-in renderer whatever IMAGE_PROVIDER says: a few dozen pictures to clone.
      const bars = new Map<SeedStage, ReturnType<typeof bar>>();
      const labels: Record<SeedStage, string> = { render: 'render  ', looks: 'looks   ', users: 'users   ', wardrobe: 'wardrobe' };
      let current: SeedStage | null = null;
      const r = await seedLooks({ db, storage, provider: atelierProvider }, {
        looks: o.looks, lookbook: o.lookbook, users: o.users, heavySaves: o.heavySaves, originals: o.originals,
        onProgress: (stage, done, total) => {
          if (current && current !== stage) bars.get(current)?.stop();
          current = stage;
          if (!bars.has(stage)) bars.set(stage, bar(labels[stage]));
          bars.get(stage)!.update(done, Math.max(total, 1));
        },
      });
      if (current) bars.get(current)?.stop();
      const s = r.seconds;
      table([
        { rows: 'looks', count: r.looks, seconds: s.looks, note: `${r.originals} rendered in ${s.render} s, the rest cloned` },
        { rows: 'LookBook looks', count: r.lookbook, seconds: '', note: `${r.lookbookColors} lookbook_colors rows` },
        { rows: 'pieces', count: r.pieces, seconds: '', note: 'cloned with their looks' },
        { rows: 'users', count: r.users, seconds: s.users, note: r.users ? `password "${SEED_PASSWORD}"` : '' },
        { rows: `${SEED_HEAVY_USERNAME}'s wardrobe`, count: r.heavySaves, seconds: s.wardrobe, note: '' },
        { rows: 'image counts, vacuum and analyze', count: '', seconds: Math.round((s.counts + s.vacuum) * 10) / 10, note: '' },
      ]);
      console.log(`Seeded in ${s.total} s.`);
    }));

seed.command('blocked').description('add blocked images to review: rendered looks stored privately as refused ones, one rejection reason after another')
  .option('--count <n>', 'blocked images to add', positiveInt('--count'), 5)
  .option('--force', FORCE_HELP)
  .action((o: { count: number; force?: boolean }) =>
    withDb(async (db, _url, _config, storage) => {
      await refuseUnlessEmbedded(db, o.force);
      // The built-in renderer whatever IMAGE_PROVIDER says, as for seed looks.
      const ids = await seedBlocked({ db, storage, provider: atelierProvider }, o.count);
      console.log(`Seeded ${ids.length} blocked images, pending review.`);
    }));

const admin = program.command('admin').description('administrators');
const passwordOf = (o: { password?: string }) => {
  if (o.password !== undefined && o.password.length < 12) throw new UsageError('--password needs at least 12 characters.');
  return o.password ?? crypto.randomUUID().replace(/-/g, '').slice(0, 16);
};
admin.command('create <key>').description('create an admin (prints a random password unless --password)').option('--password <p>').action((key: string, o: { password?: string }) =>
  withDb(async (db) => {
    const exists = await db.selectFrom('admins').select('id').where('admin_key', '=', key).executeTakeFirst();
    if (exists) throw new UsageError(`Admin "${key}" exists; use: npm run drape -- admin reset-password ${key}`);
    const password = passwordOf(o);
    await upsertAdmin(db, key, password);
    await audit(db, { action: AUDIT_ACTIONS.createAdmin, targetType: 'admin', targetId: key });
    console.log(`Admin "${key}" created${o.password ? '.' : ` with password ${password}`}`);
  }));
admin.command('reset-password <key>').description("set an admin's password (random unless --password)").option('--password <p>').action((key: string, o: { password?: string }) =>
  withDb(async (db) => {
    const exists = await db.selectFrom('admins').select('id').where('admin_key', '=', key).executeTakeFirst();
    if (!exists) throw new UsageError(`No admin "${key}".`);
    const password = passwordOf(o);
    await upsertAdmin(db, key, password);
    await audit(db, { action: AUDIT_ACTIONS.resetAdminPassword, targetType: 'admin', targetId: key });
    console.log(`Password of "${key}" ${o.password ? 'changed.' : `is now ${password}`}`);
  }));

admin.command('remove <key>').description('remove an admin (its tokens stop working)').action((key: string) =>
  withDb(async (db) => {
    if (!(await removeAdmin(db, key))) throw new UsageError(`No admin "${key}".`);
    await audit(db, { action: AUDIT_ACTIONS.removeAdmin, targetType: 'admin', targetId: key });
    const left = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
    console.log(`Admin "${key}" removed.${left ? '' : ' No admin is left: the next start creates one and prints its password.'}`);
  }));

program.command('performance <mode>').description('aggressive or conservative (workers apply it without a restart)').action((mode: string) =>
  withDb(async (db) => {
    if (mode !== 'aggressive' && mode !== 'conservative') throw new UsageError('mode is aggressive or conservative.');
    await setPerformanceMode(db, mode);
    await audit(db, { action: AUDIT_ACTIONS.setPerformanceMode, details: { input: { mode } } });
    const m = PERFORMANCE_MODES[mode];
    console.log(`Performance mode ${mode}: concurrency ${m.concurrency}, batch ${m.batchSize}, delay ${m.delayMs} ms, timeout ${m.timeoutMs / 1000} s.`);
  }));

program.command('maintenance <state>').description('on, off or status: while on, every user call answers 503 and the web app shows the maintenance page (servers follow within seconds)').action((state: string) =>
  withDb(async (db) => {
    if (state !== 'on' && state !== 'off' && state !== 'status') throw new UsageError('state is on, off or status.');
    if (state !== 'status') {
      const input = { maintenanceMode: state === 'on' };
      const result = await updatePlatformSettings(db, input);
      await audit(db, { action: AUDIT_ACTIONS.updatePlatformSettings, details: { input, result } });
    }
    const s = await readPlatformSettings(db);
    console.log(`Maintenance mode is ${s.maintenanceMode ? 'on: user calls answer 503 and the web app shows the maintenance page' : 'off'}.`);
  }));

program.command('audit').description('the audit log: admin and CLI changes, audited reads and refused admin sign-ins and calls, newest first')
  .option('--limit <n>', 'entries (at most 200)', positiveInt('--limit'), 30)
  .option('--action <name>', 'only this action (e.g. admin.gallery.makePublic, admin.refused)')
  .option('--target <id>', 'only changes to this object')
  .option('--refused', 'only refusals (failed admin sign-ins, calls without a valid admin token)')
  .option('--changes', 'only changes and audited reads')
  .action((o: { limit: number; action?: string; target?: string; refused?: boolean; changes?: boolean }) =>
    withDb(async (db) => {
      if (o.refused && o.changes) throw new UsageError('--refused and --changes exclude each other.');
      const outcome = o.refused ? 'refused' : o.changes ? 'ok' : undefined;
      const { entries } = await listAudit(db, { limit: Math.min(o.limit, 200), action: o.action, targetId: o.target, outcome });
      if (entries.length === 0) {
        console.log('No audit entries.');
        return;
      }
      table(entries.map((e) => ({
        at: e.at, who: `${e.actorKind}:${e.actor}`, action: e.action,
        // A refusal says why, and how many calls its row stands for.
        outcome: e.outcome === 'refused' ? `refused: ${String(e.details.reason ?? '')}${e.repeats > 1 ? ` x${e.repeats}` : ''}` : 'ok',
        target: e.targetId ? `${e.targetType ?? ''} ${e.targetId}`.trim() : '', from: e.ipAddress ?? '',
      })));
    }));

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode || 2);
  if (err instanceof UsageError || err instanceof BatchError || err instanceof BackupError) {
    console.error(`error: ${err.message}`);
    process.exit(2);
  }
  if (err instanceof OperationBusyError) {
    console.error(`error: ${err.message} (another process started it); try again when it has finished`);
    process.exit(1);
  }
  log.error({ err }, 'the command failed');
  process.exit(1);
}
