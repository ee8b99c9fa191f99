import { useQueryClient } from '@tanstack/react-query';
import type { Gender } from '@drape/contracts';
import { showcaseMessages, type AdminLookbookImage, type AdminLookbookImagesPage, type AdminShowcaseItem, type AdminShowcaseItemsPage } from '@drape/contracts/admin';
import { adminKeys } from '../../lib/admin-keys';
import { useTRPCClient } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { byPageNumber, usePagedList } from '../../lib/use-paged-list';

/** The showcase, 24 a page (settings-and-admin §9), in the landing carousel's order. */
export function useShowcaseItems() {
  const client = useTRPCClient();
  return usePagedList({
    area: 'showcase', list: 'items', filters: {}, paging: byPageNumber,
    fetchPage: ({ page, signal }): Promise<AdminShowcaseItemsPage> => client.admin.showcase.items.query({ page }, { signal }),
    items: (p) => p.items,
  });
}

/** The LookBook's looks, newest in the LookBook first, 24 a page, Load More. */
export function useLookbookImages(gender: Gender | undefined) {
  const client = useTRPCClient();
  return usePagedList({
    area: 'showcase', list: 'lookbook', filters: { gender: gender ?? 'all' }, paging: byPageNumber,
    fetchPage: ({ page, signal }): Promise<AdminLookbookImagesPage> => client.admin.showcase.lookbookImages.query({ page, gender }, { signal }),
    items: (p) => p.images,
  });
}

/** The three changes of this screen, each with its toasts; each refreshes both panels once settled. */
export function useShowcaseChanges() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.area('showcase') });
  return {
    add: useAdminMutation({
      mutationFn: (look: AdminLookbookImage) => client.admin.showcase.add.mutate({ imageId: look.id, combinationCode: look.combinationCode }),
      onSettled: refresh,
      toasts: {
        success: (result, look) => ({
          title: result.added ? 'Added to the showcase' : 'Already in the showcase',
          description: result.added ? `${look.name} now leads the landing carousel.` : undefined,
        }),
        failure: showcaseMessages.addFailed,
      },
    }),
    remove: useAdminMutation({
      mutationFn: (item: AdminShowcaseItem) => client.admin.showcase.remove.mutate({ imageId: item.imageId }),
      onSettled: refresh,
      toasts: {
        success: (_, item) => ({ title: 'Removed from the showcase', description: `${item.name} (${item.combinationCode}) is no longer on the landing carousel.` }),
        failure: showcaseMessages.removeFailed,
      },
    }),
    removeFromLookbook: useAdminMutation({
      mutationFn: (look: AdminLookbookImage) => client.admin.showcase.removeFromLookbook.mutate({ imageId: look.id }),
      onSettled: refresh,
      toasts: {
        success: (result) => ({
          title: 'Removed from the LookBook',
          description: result.leftShowcase ? 'It left the showcase too, and auto-curation will not bring it back.' : 'Auto-curation will not bring it back.',
        }),
        failure: showcaseMessages.removeFromLookbookFailed,
      },
    }),
  };
}
