import { COLOR_FAMILIES } from '@drape/contracts';
import { CLOSET_PATTERNS, closetUploadFields, type ClosetPiece, type ClosetPiecePatch } from '@drape/contracts/closet';
import { z } from 'zod';

/** The edit dialog's fields: the name and category as the contract checks them, the measured two as its choices. */
export const editPieceSchema = closetUploadFields.extend({ colorFamily: z.enum(COLOR_FAMILIES), pattern: z.enum(CLOSET_PATTERNS) });
export type EditPieceValues = z.output<typeof editPieceSchema>;

export type PieceChanges = Omit<ClosetPiecePatch, 'id'>;

/** The fields that differ from the piece, the name trimmed: PATCH sends only what changed (an emptied name included). */
export function pieceChanges(piece: Pick<ClosetPiece, 'name' | 'category' | 'colorFamily' | 'pattern'>, values: EditPieceValues): PieceChanges {
  const changes: PieceChanges = {};
  const name = (values.name ?? '').trim();
  if (name !== piece.name.trim()) changes.name = name;
  if (values.category !== piece.category) changes.category = values.category;
  if (values.colorFamily !== piece.colorFamily) changes.colorFamily = values.colorFamily;
  if (values.pattern !== piece.pattern) changes.pattern = values.pattern;
  return changes;
}
