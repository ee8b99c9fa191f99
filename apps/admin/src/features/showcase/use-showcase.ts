import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLookbookImagesPage, AdminShowcaseItemsPage, Gender } from '@drape/contracts';
import { useTRPCClient } from '../../lib/trpc';

/** Every answer of this screen sits under this key: one change refreshes both panels. */
const ROOT = ['admin', 'showcase'] as const;

/** The showcase, 24 a page (settings-and-admin §9), in the landing carousel's order. */
export function useShowcaseItems() {
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: [...ROOT, 'items'],
    queryFn: ({ pageParam }): Promise<AdminShowcaseItemsPage> => client.admin.showcase.items.query({ page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** The LookBook's looks, newest in the LookBook first, 24 a page, Load More. */
export function useLookbookImages(gender: Gender | undefined) {
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: [...ROOT, 'lookbook', gender ?? 'all'],
    queryFn: ({ pageParam }): Promise<AdminLookbookImagesPage> => client.admin.showcase.lookbookImages.query({ page: pageParam, gender }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** The three changes of this screen; each refreshes both panels once it succeeds. */
export function useShowcaseChanges() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ROOT });
  return {
    add: useMutation({
      mutationFn: (look: { imageId: string; combinationCode: string }) => client.admin.showcase.add.mutate(look),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (imageId: string) => client.admin.showcase.remove.mutate({ imageId }),
      onSettled: refresh,
    }),
    removeFromLookbook: useMutation({
      mutationFn: (imageId: string) => client.admin.showcase.removeFromLookbook.mutate({ imageId }),
      onSettled: refresh,
    }),
  };
}
