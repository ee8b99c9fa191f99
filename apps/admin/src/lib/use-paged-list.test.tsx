// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { adminKeys } from './admin-keys';
import { byCursor, byPageNumber, usePagedList } from './use-paged-list';

afterEach(cleanup);

/** A list of 5 rows served 2 a page, by number or by cursor, filtered by a prefix; it counts its calls. */
function source() {
  let rows = ['a1', 'a2', 'a3', 'b1', 'b2'];
  const calls: unknown[] = [];
  return {
    calls,
    replace: (next: string[]) => { rows = next; },
    byNumber: async ({ filters, page }: { filters: { prefix: string }; page: number }) => {
      calls.push(page);
      const all = rows.filter((r) => r.startsWith(filters.prefix));
      return { rows: all.slice((page - 1) * 2, page * 2), hasMore: page * 2 < all.length };
    },
    byCursor: async ({ page }: { filters: object; page: string | undefined }) => {
      calls.push(page);
      const start = page ? rows.indexOf(page) + 1 : 0;
      const slice = rows.slice(start, start + 2);
      return { rows: slice, next: start + 2 < rows.length ? slice.at(-1)! : null };
    },
  };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

describe('usePagedList', () => {
  it('keys the list by area, name and filters, and loads numbered pages while there is more', async () => {
    const src = source();
    const { client, wrapper } = setup();
    const view = renderHook(() => usePagedList({
      area: 'gallery', list: 'images', filters: { prefix: '' }, paging: byPageNumber, fetchPage: src.byNumber, items: (p) => p.rows,
    }), { wrapper });
    await waitFor(() => expect(view.result.current.items).toEqual(['a1', 'a2']));
    expect(view.result.current.queryKey).toEqual(['admin', 'gallery', 'images', { prefix: '' }]);
    expect(client.getQueryData(adminKeys.list('gallery', 'images', { prefix: '' }))).toBeDefined();
    await act(() => view.result.current.fetchNextPage());
    await act(() => view.result.current.fetchNextPage());
    await waitFor(() => expect(view.result.current.items).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']));
    expect(view.result.current.hasNextPage).toBe(false);
    expect(src.calls).toEqual([1, 2, 3]);
  });

  it('starts again at the first page when a filter changes', async () => {
    const src = source();
    const { wrapper } = setup();
    const view = renderHook(({ prefix }) => usePagedList({
      area: 'blocked', list: 'images', filters: { prefix }, paging: byPageNumber, fetchPage: src.byNumber, items: (p) => p.rows,
    }), { wrapper, initialProps: { prefix: '' } });
    await waitFor(() => expect(view.result.current.items).toEqual(['a1', 'a2']));
    await act(() => view.result.current.fetchNextPage());
    view.rerender({ prefix: 'b' });
    await waitFor(() => expect(view.result.current.items).toEqual(['b1', 'b2']));
    expect(src.calls).toEqual([1, 2, 1]);
  });

  it("follows the server's cursor, and asks again when its area is invalidated", async () => {
    const src = source();
    const { client, wrapper } = setup();
    const view = renderHook(() => usePagedList({
      area: 'users', list: 'users', filters: {}, paging: byCursor((p: { next: string | null }) => p.next), fetchPage: src.byCursor, items: (p) => p.rows,
    }), { wrapper });
    await waitFor(() => expect(view.result.current.items).toEqual(['a1', 'a2']));
    await act(() => view.result.current.fetchNextPage());
    await act(() => view.result.current.fetchNextPage());
    await waitFor(() => expect(view.result.current.hasNextPage).toBe(false));
    expect(src.calls).toEqual([undefined, 'a2', 'b1']);
    src.replace(['c1', 'c2', 'c3', 'c4', 'c5']);
    await act(() => client.invalidateQueries({ queryKey: adminKeys.area('users') }));
    await waitFor(() => expect(view.result.current.items).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']));
  });
});
