import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import {
  addClosetPiece, admitClosetUpload, AppError, appError, closetPhotoRoute, closetPieceFile, closetThumbnailRoute, closetUploadRoute, signedInCall,
  type ClosetUpload, type Services,
} from '@drape/api';
import { CLOSET_PHOTO_FIELD, CLOSET_PHOTO_MAX_BYTES, closetMessages, closetPieceIdInput, closetUploadFields } from '@drape/contracts/closet';
import { requestContext } from './request-context';
import { sendRefusal } from './rest-adapter';
import { apiHeaders } from './security-headers';

/**
 * My Pieces' file routes (docs/decisions/0034-closet.md): the upload (multipart) and the owner's
 * photo and thumbnail, declared in @drape/api's file-routes.ts (OpenAPI reads the same
 * declarations). Signed in as every user call is (a bearer session token or the session cookie:
 * requestContext, and signedInCall, authedProcedure's own gate); the rules are the closet
 * service's; every refusal is `{ error, message }` like the REST table's.
 */

/**
 * What busboy reads of an upload: one file of at most 10 MB, stopped there; a few text fields of
 * a kilobyte each (a name is 60 characters). A body bigger than all of that is no upload.
 */
export const CLOSET_UPLOAD_LIMITS = { fileSize: CLOSET_PHOTO_MAX_BYTES, files: 1, fields: 8, fieldSize: 1024, fieldNameSize: 100, parts: 10, headerPairs: 20 } as const;
/** Multipart's framing and the text fields around the photo. */
const FRAMING_BYTES = 64 * 1024;
/** Photos never change under their piece's id; private: no shared cache may keep one. */
const IMAGE_CACHE_CONTROL = 'private, max-age=86400';

const KNOWN_FIELDS = new Set(Object.keys(closetUploadFields.shape));

/** The multipart body as the closet service takes it; whatever the parser refuses is bad input. */
async function readUpload(req: FastifyRequest): Promise<ClosetUpload> {
  if (!req.isMultipart()) throw appError('invalid_input', closetMessages.notMultipart);
  const fields: Record<string, string> = {};
  let photo: ClosetUpload['photo'] = null;
  try {
    for await (const part of req.parts({ limits: CLOSET_UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== CLOSET_PHOTO_FIELD) {
          part.file.resume();
          throw appError('invalid_input', closetMessages.photoRequired);
        }
        photo = { bytes: await part.toBuffer(), mimetype: part.mimetype };
      } else if (KNOWN_FIELDS.has(part.fieldname)) {
        // Unknown fields are left aside, as the JSON calls' schemas leave unknown keys.
        if (Object.hasOwn(fields, part.fieldname)) throw appError('invalid_input', closetMessages.sendOnce(part.fieldname));
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw appError('closet_photo_too_large');
    if (code === 'FST_FILES_LIMIT') throw appError('invalid_input', closetMessages.onePhoto);
    // Broken framing, a part cut short, too many parts, a field named like a prototype key: the client's.
    throw appError('invalid_input', closetMessages.unreadable);
  }
  return { fields, photo };
}

export async function registerClosetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const jsonHeaders = apiHeaders(services.config.publicOrigin);
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof TRPCError)) throw err;
    return sendRefusal(app, req, reply, err);
  };

  await app.register(async (scope) => {
    // This scope reads multipart and nothing else: any other body is left unread and refused
    // (400, not the framework's 415), and no other route of the app takes multipart.
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyMultipart, { limits: CLOSET_UPLOAD_LIMITS });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    scope.route({
      method: closetUploadRoute.method,
      url: closetUploadRoute.path,
      helmet: false,
      handler: async (req, reply) => {
        void reply.headers(jsonHeaders);
        const ctx = requestContext(services, req, reply);
        try {
          const { user } = await signedInCall(ctx);
          // The limit and the cap before the body is read; a body declared too big is not read at all.
          await admitClosetUpload(services, user);
          if (Number(req.headers['content-length']) > CLOSET_PHOTO_MAX_BYTES + FRAMING_BYTES) throw appError('closet_photo_too_large');
          const piece = await addClosetPiece(services, user, await readUpload(req), ctx.req.log);
          return reply.status(closetUploadRoute.status).send(piece);
        } catch (err) {
          return refuse(req, reply, err);
        }
      },
    });
  });

  for (const [route, size] of [[closetPhotoRoute, 'photo'], [closetThumbnailRoute, 'thumbnail']] as const) {
    app.route({
      method: route.method,
      url: route.path,
      helmet: false,
      // A HEAD would open the file only to drop it.
      exposeHeadRoute: false,
      handler: async (req, reply) => {
        void reply.headers(jsonHeaders);
        const ctx = requestContext(services, req, reply);
        try {
          const { user } = await signedInCall(ctx);
          const params = closetPieceIdInput.safeParse(req.params);
          if (!params.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: params.error });
          const file = await closetPieceFile(services, user, params.data.id, size);
          if (!file) throw appError('not_found', closetMessages.notFound);
          return reply
            .headers({ 'content-type': file.contentType, 'content-length': String(file.contentLength), 'cache-control': IMAGE_CACHE_CONTROL })
            .send(file.body);
        } catch (err) {
          return refuse(req, reply, err);
        }
      },
    });
  }
}
