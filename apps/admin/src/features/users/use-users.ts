import { useQueryClient } from '@tanstack/react-query';
import type { Tier } from '@drape/contracts';
import { ADMIN_USERS_PAGE_SIZE, adminUsersMessages, type AdminUserRow } from '@drape/contracts/admin';
import { adminKeys } from '../../lib/admin-keys';
import { useTRPCClient } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { byCursor, usePagedList } from '../../lib/use-paged-list';

const count = new Intl.NumberFormat();

export type TestFilter = 'all' | 'test' | 'real';

/** The filters as the request takes them: only those that are set. */
export function userFilters(search: string, tier: Tier | 'all', test: TestFilter) {
  return {
    ...(search ? { search } : {}),
    ...(tier !== 'all' ? { tier } : {}),
    ...(test !== 'all' ? { isTest: test === 'test' } : {}),
  };
}

/** Every account, newest sign-ups first, ADMIN_USERS_PAGE_SIZE a page (keyset: Load More). */
export function useUsers(filters: ReturnType<typeof userFilters>) {
  const client = useTRPCClient();
  return usePagedList({
    area: 'users', list: 'users', filters, paging: byCursor((p: { nextCursor?: string | null }) => p.nextCursor),
    fetchPage: ({ filters: f, page, signal }) =>
      client.admin.users.list.query({ ...f, limit: ADMIN_USERS_PAGE_SIZE, ...(page ? { cursor: page } : {}) }, { signal }),
    items: (p) => p.users,
  });
}

/** Ends every session of a user (the row is the input, for the toast's name and count). */
export function useEndSessions(onDone: () => void) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (user: AdminUserRow) => client.admin.users.endSessions.mutate({ userId: user.id }),
    onSuccess: () => {
      onDone();
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('users') });
    },
    toasts: {
      success: ({ ended }, user) => ({ title: 'Sessions ended', description: `${user.username}: ${count.format(ended)} session${ended === 1 ? '' : 's'} ended.` }),
      failure: 'Unable to end sessions',
      fallback: adminUsersMessages.endSessionsFailed,
    },
  });
}
