import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { adminKeys, type AdminArea } from './admin-keys';

/** How a list says where its next page starts: a page number, or the server's cursor. */
export interface Paging<Page, Param> {
  initialPageParam: Param;
  next: (last: Page, pages: Page[]) => Param | undefined;
}

/** Numbered pages from 1 while the last page said `hasMore` (the gallery, showcase and blocked lists). */
export const byPageNumber: Paging<{ hasMore: boolean }, number> = {
  initialPageParam: 1,
  next: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
};

/** Keyset pages: the first without a cursor, then the cursor the last page gave, while it gave one. */
export function byCursor<Page>(cursorOf: (last: Page) => string | null | undefined): Paging<Page, string | undefined> {
  return { initialPageParam: undefined, next: (last) => cursorOf(last) ?? undefined };
}

export interface PagedListOptions<Page, Item, Param, Filters extends object> {
  area: AdminArea;
  /** The list's name within its area ('items', 'lookbook'...). */
  list: string;
  /** Everything the request depends on besides the page: part of the key. */
  filters: Filters;
  paging: Paging<Page, Param>;
  fetchPage: (args: { filters: Filters; page: Param; signal: AbortSignal }) => Promise<Page>;
  /** The rows of one page. */
  items: (page: Page) => Item[];
}

/**
 * A paged admin list (Load More, or infinite scroll): its key from the one scheme (adminKeys), the
 * next page from `paging`, and every loaded row in `items`.
 */
export function usePagedList<Page, Item, Param, Filters extends object>(options: PagedListOptions<Page, Item, Param, Filters>) {
  const { area, list, filters, paging, fetchPage, items } = options;
  const queryKey: QueryKey = adminKeys.list(area, list, filters);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ filters, page: pageParam as Param, signal }),
    initialPageParam: paging.initialPageParam,
    getNextPageParam: (last: Page, pages: Page[]) => paging.next(last, pages),
  });
  return { ...query, queryKey, items: query.data?.pages.flatMap(items) ?? [] };
}
