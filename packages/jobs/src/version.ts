import { createRequire } from 'node:module';

/**
 * The pg-boss this build runs. Its tables are its own and change between majors (10 -> 12), so a
 * backup records the version and leaves them out (docs/decisions/0021-backups.md).
 */
export const PG_BOSS_VERSION: string = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version;
