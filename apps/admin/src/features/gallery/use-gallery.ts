import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { GalleryListInput, GalleryPage, GallerySort } from '@drape/contracts/admin';
import { adminKeys } from '../../lib/admin-keys';
import { useTRPCClient } from '../../lib/trpc';
import { byPageNumber, usePagedList } from '../../lib/use-paged-list';

/** The gallery's controls: every value '' means "all" (settings-and-admin §5: omitted from the request). */
export interface GalleryControls {
  search: string;
  sort: GallerySort;
  status: string;
  gender: string;
  skinTone: string;
  bodyShape: string;
  occasion: string;
  styleVibe: string;
  season: string;
}

export const NO_CONTROLS: GalleryControls = {
  search: '', sort: 'newest', status: '', gender: '', skinTone: '', bodyShape: '', occasion: '', styleVibe: '', season: '',
};

/** The request: only the filters that are set. */
export function galleryRequest(c: GalleryControls): Omit<GalleryListInput, 'page'> {
  const request: Record<string, string> = { sort: c.sort };
  for (const key of ['search', 'status', 'gender', 'skinTone', 'bodyShape', 'occasion', 'styleVibe', 'season'] as const) {
    const value = c[key].trim();
    if (value && value !== 'all') request[key] = value;
  }
  return request as Omit<GalleryListInput, 'page'>;
}

/**
 * The gallery's pages (§4 Gallery): a new search, sort or filter is a new query key, so the list
 * starts again at page 1 and empty; the next page is asked while the last said hasMore.
 */
export function useGalleryPages(controls: GalleryControls) {
  const client = useTRPCClient();
  return usePagedList({
    area: 'gallery', list: 'images', filters: galleryRequest(controls), paging: byPageNumber,
    fetchPage: ({ filters, page, signal }): Promise<GalleryPage> => client.admin.gallery.list.query({ ...filters, page }, { signal }),
    items: (p) => p.images,
  });
}

/** Changes one look in every cached page (make public), or drops it (delete), without asking again. */
export function useGalleryCache() {
  const queryClient = useQueryClient();
  const key = adminKeys.area('gallery');
  const update = (change: (images: GalleryPage['images']) => GalleryPage['images']) =>
    queryClient.setQueriesData<InfiniteData<GalleryPage, number>>({ queryKey: key }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, images: change(p.images) })) } : data);
  return {
    madePublic: (id: string) => update((images) => images.map((i) => (i.id === id ? { ...i, status: 'lookbook' as const, curated_by: 'admin' as const } : i))),
    removed: (id: string) => update((images) => images.filter((i) => i.id !== id)),
    /** After a cleanup every list may have changed. */
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}
