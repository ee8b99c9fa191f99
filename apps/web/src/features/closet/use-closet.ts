import type { ClosetList, ClosetPiece } from '@drape/contracts/closet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';
import { uploadPiece, type UploadInput, type UploadOptions } from './closet-upload';

/** The user's pieces, newest first, with their count and their tier's cap; fetched afresh at every visit. */
export function useClosetList() {
  const trpc = useTRPC();
  return useQuery(trpc.closet.list.queryOptions(undefined, { refetchOnMount: 'always' }));
}

/** Rewrites the cached list (an added, corrected or deleted piece), so the page follows at once. */
function useUpdateList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (update: (list: ClosetList) => ClosetList) => {
      queryClient.setQueryData(trpc.closet.list.queryKey(), (list: ClosetList | undefined) => (list ? update(list) : list));
    },
    [queryClient, trpc],
  );
}

/** POST /api/closet/pieces: the piece joins the list as the server measured it; the list is then read again. */
export function useUploadPiece() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const updateList = useUpdateList();
  return useMutation({
    mutationFn: ({ input, options }: { input: UploadInput; options?: UploadOptions }) => uploadPiece(input, options),
    onSuccess: (piece: ClosetPiece) =>
      updateList((list) => ({ ...list, pieces: [piece, ...list.pieces.filter((p) => p.id !== piece.id)], count: list.count + 1 })),
    // A refusal (closet_full) may mean the list here is behind: another tab added pieces.
    onSettled: () => queryClient.invalidateQueries(trpc.closet.list.queryFilter()),
  });
}

/**
 * PATCH …/{id}: a correction of the name, category, colour family or pattern. Shown at once (a
 * chosen colour does not snap back while the call is out); the answer then replaces the piece, and
 * a refusal reads the list again to show what the server holds.
 */
export function useUpdatePiece() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const updateList = useUpdateList();
  return useMutation(
    trpc.closet.update.mutationOptions({
      onMutate: ({ id, category: _moves, ...changes }) => {
        // A new category waits for the answer: it moves the card to another group, which remounts
        // it, and the dialog it was changed in (open in that card) with it.
        const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<ClosetPiece>;
        updateList((list) => ({ ...list, pieces: list.pieces.map((p) => (p.id === id ? { ...p, ...set } : p)) }));
      },
      onSuccess: (piece) => updateList((list) => ({ ...list, pieces: list.pieces.map((p) => (p.id === piece.id ? piece : p)) })),
      onError: () => queryClient.invalidateQueries(trpc.closet.list.queryFilter()),
    }),
  );
}

/** DELETE …/{id}: the card goes at once; the list is read again after, success or not, to show what the server holds. */
export function useRemovePiece() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const updateList = useUpdateList();
  return useMutation(
    trpc.closet.remove.mutationOptions({
      onMutate: ({ id }) =>
        updateList((list) => {
          const pieces = list.pieces.filter((p) => p.id !== id);
          return { ...list, pieces, count: Math.max(0, list.count - (list.pieces.length - pieces.length)) };
        }),
      onSuccess: (answer) => updateList((list) => ({ ...list, count: answer.count, cap: answer.cap })),
      onSettled: () => queryClient.invalidateQueries(trpc.closet.list.queryFilter()),
    }),
  );
}
