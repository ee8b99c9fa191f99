import { z } from 'zod';

/**
 * A backup's table of contents (`manifest.json`, written last: a folder without it is a backup that
 * did not finish). Restore reads it first and checks every file against it before changing
 * anything (docs/decisions/0021-backups.md).
 *
 *   manifest.json
 *   tables/<table>.copy.gz     each table's rows in COPY's text format, gzipped
 *   images.jsonl               one line per stored image: { area, key, bytes, sha256 }
 *   images/public/<key>        the looks (and thumbnails), as the store holds them
 *   images/private/<key>       the blocked images
 */
export const BACKUP_FORMAT = 'drape-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const IMAGE_INDEX_FILE = 'images.jsonl';
export const TABLES_DIR = 'tables';
export const IMAGES_DIR = 'images';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

const fileSchema = z.object({ file: z.string().min(1), bytes: count, sha256 });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    postgres: z.string(),
    /** Applied migrations in order; the last is the level a restore migrates to. */
    migrations: z.array(z.string()).min(1),
    /** In foreign-key dependency order: the order a restore loads them. */
    tables: z.array(fileSchema.extend({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1), rows: count })),
    sequences: z.array(z.object({ name: z.string().min(1), value: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
    /** Schemas left out, with why (pg-boss's queue). */
    excludedSchemas: z.array(z.string()),
  }),
  jobs: z.object({
    /** The pg-boss that ran: its tables are version-bound, and are not in the backup. */
    pgBossVersion: z.string(),
    included: z.literal(false),
  }),
  images: z.object({
    store: z.enum(['local', 's3']),
    index: fileSchema,
    count,
    bytes: count,
    /** Listed, then deleted before they were copied (retention, a cleanup): their rows may remain. */
    vanished: count,
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTableEntry = BackupManifest['database']['tables'][number];

/** One line of images.jsonl. */
export const imageEntrySchema = z.object({ area: z.enum(['public', 'private']), key: z.string().min(1), bytes: count, sha256 });
export type ImageEntry = z.infer<typeof imageEntrySchema>;

/** A backup or a restore that cannot go on, with what to do about it: nothing was changed. */
export class BackupError extends Error {}
