import { TRPCError } from '@trpc/server';
import type { RateLimits } from '@drape/auth';
import { tierPolicy } from '@drape/contracts';
import {
  CLOSET_PHOTO_TYPES, closetMessages, closetPieceName, closetPhotoPath, closetUploadFields,
  type ClosetList, type ClosetPiece, type ClosetPiecePatch, type ClosetRemoveAnswer,
} from '@drape/contracts/closet';
import type { ClosetPieceRow, Db, UserRow } from '@drape/db';
import type { Logger } from '@drape/log';
import type { Storage, StoredObject } from '@drape/storage';
import { appError, rateLimited } from '../errors';
import { prepareClosetPhoto } from './closet-photo';

/**
 * My Pieces (issue 19, section 3; docs/decisions/0034-closet.md): the user's own clothes,
 * photographed. The rules live here for both doors: the procedures (list, correct, delete) and
 * the server's file routes (the upload, the photos).
 */
export interface ClosetDeps {
  db: Db;
  storage: Storage;
  rateLimits: RateLimits;
}

/** An upload as the file route read it: its text fields as sent, and its photo. */
export interface ClosetUpload {
  fields: Record<string, string>;
  photo: { bytes: Buffer; mimetype: string } | null;
}

/** The private area's keys of a piece's files: the user's folder, the piece's id. */
function closetKeys(userId: string, pieceId: string) {
  return { photo: `closet/${userId}/${pieceId}.jpg`, thumbnail: `closet/${userId}/${pieceId}.thumb.jpg` };
}

/** The columns a piece's view reads. */
export const PIECE_VIEW_COLUMNS = ['id', 'name', 'category', 'color_family', 'color_hex', 'pattern', 'created_at'] as const;

export function closetPieceView(row: Pick<ClosetPieceRow, (typeof PIECE_VIEW_COLUMNS)[number]>): ClosetPiece {
  return {
    id: row.id,
    name: row.name ?? closetPieceName(row.color_family, row.category),
    category: row.category,
    colorFamily: row.color_family,
    colorHex: row.color_hex,
    pattern: row.pattern,
    thumbnailUrl: closetPhotoPath(row.id, 'thumbnail'),
    photoUrl: closetPhotoPath(row.id, 'photo'),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Writes are counted per user, as the wardrobe's are: a person never notices, a script in a loop stops. */
async function consumeWrite(deps: Pick<ClosetDeps, 'rateLimits'>, user: UserRow): Promise<void> {
  const limit = await deps.rateLimits.consume('closetUser', user.id);
  if (!limit.ok) throw rateLimited(limit.retryAfterSeconds);
}

async function countPieces(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('closet_pieces').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Files whose row is gone or was never written: deleted, a failure only logged (the store check finds what is left). */
async function deleteFiles(storage: Storage, keys: readonly string[], log?: Logger): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete('private', key).catch((err: unknown) => log?.warn({ err, key }, 'a closet file was not deleted'))));
}

/** GET /api/closet/pieces: the caller's pieces, newest first, and their tier's cap. */
export async function listCloset(deps: Pick<ClosetDeps, 'db'>, user: UserRow): Promise<ClosetList> {
  const rows = await deps.db
    .selectFrom('closet_pieces')
    .select(PIECE_VIEW_COLUMNS)
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { pieces: rows.map(closetPieceView), count: rows.length, cap: tierPolicy(user.tier).closetCap };
}

/**
 * Before an upload's body is read: the write limit, and the cap (a full closet is refused before
 * ten megabytes arrive; the insert counts again under a lock).
 */
export async function admitClosetUpload(deps: Pick<ClosetDeps, 'db' | 'rateLimits'>, user: UserRow): Promise<void> {
  await consumeWrite(deps, user);
  if ((await countPieces(deps.db, user.id)) >= tierPolicy(user.tier).closetCap) throw appError('closet_full');
}

/**
 * POST /api/closet/pieces, once the file route has read the body: the fields checked, the photo
 * made fit to keep and measured, its files written (private area) before the row, and the row
 * inserted in a transaction that counts the caller's pieces under their user row's lock, so two
 * uploads at once cannot pass the cap. A refused or failed insert deletes the files it wrote.
 */
export async function addClosetPiece(deps: ClosetDeps, user: UserRow, upload: ClosetUpload, log?: Logger): Promise<ClosetPiece> {
  if (!upload.photo) throw appError('invalid_input', closetMessages.photoRequired);
  const fields = closetUploadFields.safeParse(upload.fields);
  // Said as a procedure's bad input is (describeError: the field and the schema's message).
  if (!fields.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: fields.error });
  if (!(CLOSET_PHOTO_TYPES as readonly string[]).includes(upload.photo.mimetype)) throw appError('closet_photo_invalid');
  const photo = await prepareClosetPhoto(upload.photo.bytes);
  const name = fields.data.name?.trim() || null;

  const id = crypto.randomUUID();
  const keys = closetKeys(user.id, id);
  await Promise.all([deps.storage.put('private', keys.photo, photo.photo), deps.storage.put('private', keys.thumbnail, photo.thumbnail)]);
  try {
    const row = await deps.db.transaction().execute(async (tx) => {
      // NO KEY UPDATE: one user's uploads queue here; rows that only reference the user do not wait.
      const owner = await tx.selectFrom('users').select('id').where('id', '=', user.id).forNoKeyUpdate().executeTakeFirst();
      if (!owner) throw appError('unauthorized');
      if ((await countPieces(tx, user.id)) >= tierPolicy(user.tier).closetCap) throw appError('closet_full');
      return tx.insertInto('closet_pieces').values({
        id, user_id: user.id, name, category: fields.data.category,
        color_family: photo.colorFamily, measured_color_family: photo.colorFamily, color_hex: photo.colorHex, pattern: photo.pattern,
        photo_key: keys.photo, thumbnail_key: keys.thumbnail,
      }).returningAll().executeTakeFirstOrThrow();
    });
    return closetPieceView(row);
  } catch (err) {
    await deleteFiles(deps.storage, [keys.photo, keys.thumbnail], log);
    throw err;
  }
}

/**
 * PATCH /api/closet/pieces/{id}: what the user corrects (name, category, colour family,
 * pattern); an empty name goes back to the default one. The measured family stays as measured.
 * Another user's piece is not found, as an unknown one is.
 */
export async function updateClosetPiece(deps: Pick<ClosetDeps, 'db' | 'rateLimits'>, user: UserRow, input: ClosetPiecePatch): Promise<ClosetPiece> {
  await consumeWrite(deps, user);
  const row = await deps.db
    .updateTable('closet_pieces')
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() || null } : {}),
      ...(input.category ? { category: input.category } : {}),
      ...(input.colorFamily ? { color_family: input.colorFamily } : {}),
      ...(input.pattern ? { pattern: input.pattern } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', input.id)
    .where('user_id', '=', user.id)
    .returning(PIECE_VIEW_COLUMNS)
    .executeTakeFirst();
  if (!row) throw appError('not_found', closetMessages.notFound);
  return closetPieceView(row);
}

/** DELETE /api/closet/pieces/{id}: the row, then its files (a crash between leaves a file no row names, never the reverse). */
export async function removeClosetPiece(deps: ClosetDeps, user: UserRow, id: string, log?: Logger): Promise<ClosetRemoveAnswer> {
  await consumeWrite(deps, user);
  const gone = await deps.db.deleteFrom('closet_pieces').where('id', '=', id).where('user_id', '=', user.id).returning(['photo_key', 'thumbnail_key']).executeTakeFirst();
  if (!gone) throw appError('not_found', closetMessages.notFound);
  await deleteFiles(deps.storage, [gone.photo_key, gone.thumbnail_key], log);
  return { success: true, id, count: await countPieces(deps.db, user.id), cap: tierPolicy(user.tier).closetCap };
}

/** A piece's photo or thumbnail for its owner (the private area), or null: unknown, another user's, or its file gone. */
export async function closetPieceFile(deps: Pick<ClosetDeps, 'db' | 'storage'>, user: UserRow, id: string, size: 'photo' | 'thumbnail'): Promise<StoredObject | null> {
  const row = await deps.db.selectFrom('closet_pieces').select(['photo_key', 'thumbnail_key']).where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
  if (!row) return null;
  return deps.storage.get('private', size === 'photo' ? row.photo_key : row.thumbnail_key);
}
