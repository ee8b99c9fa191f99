import type { z } from 'zod';
import {
  CLOSET_PHOTO_FIELD, CLOSET_PHOTO_MAX_BYTES, CLOSET_PHOTO_TYPES, CLOSET_PIECES_PATH, closetPieceAnswer, closetPieceIdInput, closetUploadFields,
} from '@drape/contracts/closet';

/**
 * The documented API paths outside the REST table: they take or answer a file, which a procedure
 * cannot, so the server registers them as Fastify routes of their own (apps/server/src/
 * closet-routes.ts, from these declarations). Declared here, beside the table, so that the OpenAPI
 * document lists them as it lists every path; the access and bad-input proofs try them as the
 * server's other API paths.
 */
export interface FileRoute {
  method: 'GET' | 'POST';
  /** `:name` is a path parameter, as in the REST table. */
  path: string;
  summary: string;
  /** Who may call: a signed-in user (a bearer session token or the session cookie). */
  auth: 'user';
  /** Status of a success answer. */
  status: number;
  /** The path parameters' schema. */
  params?: z.ZodObject;
  /** A multipart body: the schema of its text fields, and its one file. */
  multipart?: { fields: z.ZodObject; file: { name: string; types: readonly string[]; maxBytes: number } };
  /** The success answer: JSON of a schema, or a file of one of these types. */
  answer: { json: z.ZodType } | { file: readonly string[] };
  /** The refusals besides bad input (400), no session (401) and the rate limit (429), by status. */
  refusals: Readonly<Record<number, string>>;
}

/** POST /api/closet/pieces: a photographed piece of the user's own (My Pieces). */
export const closetUploadRoute: FileRoute = {
  method: 'POST',
  path: CLOSET_PIECES_PATH,
  summary: "Add a piece to My Pieces: its photo (JPEG, PNG or WebP, 10 MB at most; kept without its metadata, private to the user) and category; its colour family, main colour and pattern are measured from the photo",
  auth: 'user',
  status: 201,
  multipart: { fields: closetUploadFields, file: { name: CLOSET_PHOTO_FIELD, types: CLOSET_PHOTO_TYPES, maxBytes: CLOSET_PHOTO_MAX_BYTES } },
  answer: { json: closetPieceAnswer },
  refusals: { 403: "My Pieces is full for the user's tier (closet_full)" },
};

const pieceImage = (size: 'photo' | 'thumbnail', summary: string): FileRoute => ({
  method: 'GET',
  path: `${CLOSET_PIECES_PATH}/:id/${size}`,
  summary,
  auth: 'user',
  status: 200,
  params: closetPieceIdInput,
  answer: { file: ['image/jpeg'] },
  refusals: { 404: "No such piece in the user's closet (another user's piece too)" },
});

/** The owner's photo and thumbnail, from the private area (never under /media): what the piece's photoUrl and thumbnailUrl name. */
export const closetPhotoRoute = pieceImage('photo', "A piece's photo (JPEG, 1600 px on its longest side at most), to its owner only");
export const closetThumbnailRoute = pieceImage('thumbnail', "A piece's square thumbnail (JPEG, 320 px), to its owner only");

export const FILE_ROUTES: readonly FileRoute[] = [closetUploadRoute, closetPhotoRoute, closetThumbnailRoute];
