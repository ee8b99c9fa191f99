import { QueryClient } from '@tanstack/react-query';

/** user-area §9: no retries, data never stale by default, no refetch on window focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
