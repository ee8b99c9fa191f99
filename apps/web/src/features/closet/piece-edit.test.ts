import { CLOSET_NAME_MAX } from '@drape/contracts/closet';
import { describe, expect, it } from 'vitest';
import { editPieceSchema, pieceChanges } from './piece-edit';

const piece = { name: 'Linen shirt', category: 'top', colorFamily: 'white', pattern: 'solid' } as const;

describe('pieceChanges', () => {
  it('sends nothing when nothing changed, whatever spaces were typed around the name', () => {
    expect(pieceChanges(piece, { ...piece, name: '  Linen shirt ' })).toEqual({});
  });

  it('sends only the corrected fields', () => {
    expect(pieceChanges(piece, { ...piece, colorFamily: 'cream' })).toEqual({ colorFamily: 'cream' });
    expect(pieceChanges(piece, { ...piece, category: 'outerwear', pattern: 'patterned' })).toEqual({ category: 'outerwear', pattern: 'patterned' });
  });

  it('sends a new name trimmed, and an emptied one as empty (the piece is then named by its colour and category)', () => {
    expect(pieceChanges(piece, { ...piece, name: ' Summer shirt ' })).toEqual({ name: 'Summer shirt' });
    expect(pieceChanges(piece, { ...piece, name: '' })).toEqual({ name: '' });
    expect(pieceChanges({ ...piece, name: '' }, { ...piece, name: undefined })).toEqual({});
  });
});

describe('editPieceSchema', () => {
  it("refuses a name over the contract's limit with its message", () => {
    const result = editPieceSchema.safeParse({ ...piece, name: 'x'.repeat(CLOSET_NAME_MAX + 1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Name must be ${CLOSET_NAME_MAX} characters or less`);
  });
});
