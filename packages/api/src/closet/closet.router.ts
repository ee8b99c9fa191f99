import type { TRPCRouterRecord } from '@trpc/server';
import { CLOSET_PIECES_PATH, closetListAnswer, closetPieceAnswer, closetPieceIdInput, closetPiecePatchInput, closetRemoveAnswer } from '@drape/contracts/closet';
import { authedProcedure } from '../trpc';
import { listCloset, removeClosetPiece, updateClosetPiece } from './closet.service';

// The upload and the photos carry files: the server's file routes (rest/file-routes.ts).
export const closetRouter = {
  list: authedProcedure
    .meta({ rest: { method: 'GET', path: CLOSET_PIECES_PATH, summary: "My Pieces: the user's photographed pieces, newest first, their count and the tier's cap" } })
    .output(closetListAnswer)
    .query(({ ctx }) => listCloset(ctx.services, ctx.user)),
  update: authedProcedure
    .meta({ rest: { method: 'PATCH', path: `${CLOSET_PIECES_PATH}/:id`, summary: "Correct a piece: its name (empty: the default name), category, colour family or pattern; another user's piece is not found" } })
    .input(closetPiecePatchInput)
    .output(closetPieceAnswer)
    .mutation(({ ctx, input }) => updateClosetPiece(ctx.services, ctx.user, input)),
  remove: authedProcedure
    .meta({ rest: { method: 'DELETE', path: `${CLOSET_PIECES_PATH}/:id`, summary: "Delete a piece and its photos; another user's piece is not found" } })
    .input(closetPieceIdInput)
    .output(closetRemoveAnswer)
    .mutation(({ ctx, input }) => removeClosetPiece(ctx.services, ctx.user, input.id, ctx.req.log)),
} satisfies TRPCRouterRecord;
