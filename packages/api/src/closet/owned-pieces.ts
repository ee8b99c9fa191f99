import type { Db } from '@drape/db';
import type { OwnedPieceData } from '@drape/jobs';
import { appError } from '../errors';
import { closetPieceView, PIECE_VIEW_COLUMNS } from './closet.service';

/**
 * The caller's own pieces a Get My Look asks to be styled (issue 19, section 4), as the composer
 * needs them: a copy taken now, so a piece edited or deleted while the look renders changes
 * nothing. A piece that is not the caller's answers as an unknown one: another user's closet is
 * never revealed.
 */
export async function ownedPiecesFor(db: Db, userId: string, ids: readonly string[]): Promise<OwnedPieceData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('closet_pieces')
    .select(PIECE_VIEW_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  if (rows.length !== new Set(ids).size) throw appError('not_found', 'One of the pieces you chose is no longer in My Pieces.');
  // In the order asked for: the first is the one the look is built around first.
  return ids.map((id) => {
    const view = closetPieceView(rows.find((r) => r.id === id)!);
    return { id: view.id, name: view.name, category: view.category, colorHex: view.colorHex, colorFamily: view.colorFamily, pattern: view.pattern };
  });
}
