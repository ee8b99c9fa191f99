/**
 * The rule of docs/decisions/0026-looks-package.md: nothing outside packages/looks writes a look's
 * status or its place in the showcase (generated_images.status, in_showcase), by Kysely or by SQL,
 * in an update or in an insert. Pure: status-owner.test.ts runs it over the repository's files.
 */

/** The looks' columns only packages/looks writes. */
const OWNED = /\b(status|in_showcase)\b/;

export interface StrayWrite {
  line: number;
  text: string;
}

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The rest of a Kysely statement from `start`: up to its execute (or compile), at most 1,500 characters. */
function statementFrom(source: string, start: number): string {
  const rest = source.slice(start, start + 1500);
  const end = rest.search(/\.(execute\w*|compile)\s*\(/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Writes of the owned columns in a file's text. */
export function strayStatusWrites(source: string): StrayWrite[] {
  const found: StrayWrite[] = [];
  const add = (index: number) => found.push({ line: lineAt(source, index), text: source.slice(index, index + 80).split('\n')[0]! });
  // Kysely: updateTable('generated_images') ... .set({ status: ... }) or insertInto('generated_images').values({ status: ... }).
  for (const m of source.matchAll(/\b(updateTable|insertInto)\(\s*['"`]generated_images(\s+as\s+\w+)?['"`]\s*\)/g)) {
    const statement = statementFrom(source, m.index);
    const written = m[1] === 'updateTable' ? statement.match(/\.set\(([\s\S]*)$/)?.[1] ?? '' : statement.match(/\.values\(([\s\S]*)$/)?.[1] ?? '';
    if (/\b(status|in_showcase)\s*:/.test(written) || /\b(status|in_showcase)\s*[,}]/.test(written)) add(m.index);
  }
  // SQL: update generated_images [as x] set ... status = ... ; insert into generated_images (... status ...).
  for (const m of source.matchAll(/\bupdate\s+generated_images\b(\s+(as\s+)?\w+)?\s+set\b([\s\S]*?)(\bwhere\b|\bfrom\b|\breturning\b|`|"|'\s*[,)]|;|$)/gi)) {
    if (/\b(status|in_showcase)\s*=/.test(m[3]!)) add(m.index);
  }
  for (const m of source.matchAll(/\binsert\s+into\s+generated_images\s*\(([^)]*)\)/gi)) {
    if (OWNED.test(m[1]!)) add(m.index);
  }
  return found;
}

/**
 * Files allowed to write them, beside packages/looks itself: the migrations (which made the
 * triggers and backfilled the columns) and packages/db's tests of those triggers, which must write
 * the columns directly to prove what the database does on its own.
 */
export const STATUS_WRITERS_ALLOWED: readonly RegExp[] = [
  /^packages\/looks\/src\//,
  /^packages\/db\/migrations\//,
  /^packages\/db\/src\/lookbook-triggers\.test\.ts$/,
  /^packages\/db\/src\/admin-counters\.test\.ts$/,
];
