import { pagingMessages } from '@drape/contracts/looks';
import { appError } from '../errors';

/**
 * A keyset cursor (docs/decisions/0011, amended): the sort key of the last entry a page showed
 * (its time in microseconds since the epoch, exact where a Date would keep milliseconds, and its
 * id) and how many entries the list had shown up to it, so that a capped tier's position and a
 * page's `offset` are known without counting. Opaque to clients: base64url of `at.id.n`.
 */
export interface PageCursor {
  /** Epoch microseconds, as decimal digits (PostgreSQL's int8; exact in a JS number too). */
  at: string;
  id: string;
  /** Entries before the next page. */
  n: number;
}

const SHAPE = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,7})$/;

export function encodeCursor(c: PageCursor): string {
  return Buffer.from(`${c.at}.${c.id}.${c.n}`).toString('base64url');
}

/** The cursor, or a 400 (`invalid_input`) for anything this server did not hand out. */
export function decodeCursor(text: string): PageCursor {
  const m = SHAPE.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m) throw appError('invalid_input', pagingMessages.badCursor);
  return { at: m[1]!, id: m[2]!, n: Number(m[3]) };
}
