import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { GalleryListInput, GalleryPage, GallerySort } from '@drape/contracts';
import { useTRPCClient } from '../../lib/trpc';

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

export const GALLERY_KEY = ['admin-gallery'] as const;

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
  const request = galleryRequest(controls);
  return useInfiniteQuery({
    queryKey: [...GALLERY_KEY, request],
    queryFn: ({ pageParam, signal }) => client.admin.gallery.list.query({ ...request, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: GalleryPage) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** Changes one look in every cached page (make public), or drops it (delete), without asking again. */
export function useGalleryCache() {
  const queryClient = useQueryClient();
  const update = (change: (images: GalleryPage['images']) => GalleryPage['images']) =>
    queryClient.setQueriesData<InfiniteData<GalleryPage, number>>({ queryKey: GALLERY_KEY }, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, images: change(p.images) })) } : data);
  return {
    madePublic: (id: string) => update((images) => images.map((i) => (i.id === id ? { ...i, status: 'lookbook' as const, curated_by: 'admin' as const } : i))),
    removed: (id: string) => update((images) => images.filter((i) => i.id !== id)),
    /** After a cleanup every list may have changed. */
    refresh: () => queryClient.invalidateQueries({ queryKey: GALLERY_KEY }),
  };
}
