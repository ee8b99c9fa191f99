import { Button, cn } from '@drape/ui';

/** What Load More needs of a paged list (usePagedList's answer). */
export interface LoadMoreList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The next page of a list, while there is one. */
export function LoadMore({ list, className }: { list: LoadMoreList; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="outline" className={cn('self-center', className)} pending={list.isFetchingNextPage} pendingLabel="Loading…" onClick={() => void list.fetchNextPage()}>
      Load More
    </Button>
  );
}
