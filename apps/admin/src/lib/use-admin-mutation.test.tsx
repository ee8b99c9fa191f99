// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { authMessages } from '@drape/contracts/auth';
import { dismissToast, useToasts, type ToastInput } from '@drape/ui';
import { DEFAULT_FAILURE_DESCRIPTION, failureToast, successToast, useAdminMutation, type AdminMutationToasts } from './use-admin-mutation';

/** A refusal as the API sends it (the error formatter's data with its application code). */
const refusal = (message: string, appCode: string, httpStatus: number) =>
  TRPCClientError.from({ error: { code: -32600, message, data: { appCode, httpStatus } } });
const expired = () => refusal('Your admin session has expired. Please log in again.', 'admin_unauthorized', 401);

/** Every toast shown while a test runs, in order (the store keeps only the visible one). */
function renderWithToasts<T>(hook: () => T) {
  const shown: (ToastInput & { id: number })[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => {
    for (const t of useToasts()) if (t.open && !shown.some((s) => s.id === t.id)) shown.push(t);
    return hook();
  }, { wrapper });
  return { ...view, shown };
}

afterEach(() => {
  cleanup();
  dismissToast();
});

describe('failureToast and successToast', () => {
  const toasts: AdminMutationToasts<{ n: number }, string> = { failure: 'Unable to save', success: (d, v) => ({ title: `Saved ${v}`, description: String(d.n) }) };

  it("says nothing for an expired session: the login page says why", () => {
    expect(failureToast(expired(), 'x', toasts)).toBeNull();
    expect(failureToast(expired(), 'x', { failure: () => ({ title: 'custom' }) })).toBeNull();
  });

  it("titles a refusal and describes it with the server's message, the network message, or the fallback", () => {
    expect(failureToast(refusal('Batch abc is already running.', 'batch_running', 409), 'x', toasts)).toEqual({
      title: 'Unable to save', description: 'Batch abc is already running.', variant: 'destructive',
    });
    expect(failureToast(new TypeError('Failed to fetch'), 'x', toasts)?.description).toBe(authMessages.networkError);
    expect(failureToast(new Error('boom'), 'x', toasts)?.description).toBe(DEFAULT_FAILURE_DESCRIPTION);
    expect(failureToast(new Error('boom'), 'x', { ...toasts, fallback: 'Nothing was saved.' })?.description).toBe('Nothing was saved.');
  });

  it('builds a success toast from the answer and the input, a success by default', () => {
    expect(successToast({ n: 3 }, 'ab', toasts)).toEqual({ title: 'Saved ab', description: '3', variant: 'success' });
    expect(successToast({ n: 3 }, 'ab', { failure: 'f' })).toBeNull();
    expect(successToast({ n: 3 }, 'ab', { failure: 'f', success: () => null })).toBeNull();
  });
});

describe('useAdminMutation', () => {
  it('shows one success toast, then runs the caller’s onSuccess with the answer', async () => {
    const calls: number[] = [];
    const view = renderWithToasts(() =>
      useAdminMutation({
        mutationFn: async (n: number) => n * 2,
        toasts: { success: (d) => ({ title: `Doubled to ${d}` }), failure: 'Unable to double' },
        onSuccess: (d) => void calls.push(d),
      }));
    await act(() => view.result.current.mutateAsync(21));
    expect(calls).toEqual([42]);
    expect(view.shown.map((t) => [t.title, t.variant])).toEqual([['Doubled to 42', 'success']]);
  });

  it("shows one failure toast with the server's message, then runs the caller’s onError", async () => {
    const errors: unknown[] = [];
    const view = renderWithToasts(() =>
      useAdminMutation({
        mutationFn: async () => { throw refusal('The showcase holds 100 looks at most.', 'showcase_full', 409); },
        toasts: { failure: 'Unable to add to the showcase' },
        onError: (e) => void errors.push(e),
      }));
    await act(async () => { await view.result.current.mutateAsync().catch(() => undefined); });
    expect(errors).toHaveLength(1);
    expect(view.shown).toHaveLength(1);
    expect(view.shown[0]).toMatchObject({ title: 'Unable to add to the showcase', description: 'The showcase holds 100 looks at most.', variant: 'destructive' });
    // The hook's error state is a render of its own, which a loaded machine may take past the act.
    await waitFor(() => expect(view.result.current.isError).toBe(true));
  });

  it('shows no toast when the admin session has expired, and still tells the caller', async () => {
    const errors: unknown[] = [];
    const view = renderWithToasts(() =>
      useAdminMutation({
        mutationFn: async () => { throw expired(); },
        toasts: { failure: 'Unable to save', success: { title: 'Saved' } },
        onError: (e) => void errors.push(e),
      }));
    await act(async () => { await view.result.current.mutateAsync().catch(() => undefined); });
    expect(errors).toHaveLength(1);
    expect(view.shown).toEqual([]);
  });
});
