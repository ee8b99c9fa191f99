import { useMutation, type DefaultError, type UseMutationOptions } from '@tanstack/react-query';
import { appErrorCode, errorMessage } from '@drape/client';
import { toast, type ToastInput } from '@drape/ui';

/** The description of a failure toast when the server did not explain its refusal. */
export const DEFAULT_FAILURE_DESCRIPTION = 'Please try again.';

export interface AdminMutationToasts<Data, Variables> {
  /** The toast of a success, from the answer and the input; none when omitted or null. */
  success?: ToastInput | ((data: Data, variables: Variables) => ToastInput | null);
  /**
   * A failure's toast: a title (its description is the server's message, else `fallback`), or the
   * whole toast from the error.
   */
  failure: string | ((error: unknown, variables: Variables) => ToastInput | null);
  /** The description when the server gave no message of its own. */
  fallback?: string;
}

/**
 * The toast of a failed admin change, or null for an expired session: that one ends the session
 * (trpc.ts), and the login page says why, so a toast would say it twice.
 */
export function failureToast<Variables>(
  error: unknown, variables: Variables, toasts: Pick<AdminMutationToasts<unknown, Variables>, 'failure' | 'fallback'>,
): ToastInput | null {
  if (appErrorCode(error) === 'admin_unauthorized') return null;
  if (typeof toasts.failure === 'function') return toasts.failure(error, variables);
  return { title: toasts.failure, description: errorMessage(error, toasts.fallback ?? DEFAULT_FAILURE_DESCRIPTION), variant: 'destructive' };
}

/** The toast of a successful admin change, or null when it has none. */
export function successToast<Data, Variables>(data: Data, variables: Variables, toasts: AdminMutationToasts<Data, Variables>): ToastInput | null {
  const success = toasts.success;
  if (!success) return null;
  const input = typeof success === 'function' ? success(data, variables) : success;
  return input ? { variant: 'success', ...input } : null;
}

export type AdminMutationOptions<Data, Error, Variables, Context> = UseMutationOptions<Data, Error, Variables, Context> & {
  toasts: AdminMutationToasts<Data, Variables>;
};

/**
 * An admin change (tRPC's `mutationOptions()` spread in, or a `mutationFn`): one toast for its
 * outcome, none for an expired session, then the caller's own `onSuccess`/`onError`.
 */
export function useAdminMutation<Data = unknown, Error = DefaultError, Variables = void, Context = unknown>(
  options: AdminMutationOptions<Data, Error, Variables, Context>,
) {
  const { toasts, onSuccess, onError, ...rest } = options;
  return useMutation<Data, Error, Variables, Context>({
    ...rest,
    onSuccess: (data, variables, ...more) => {
      const shown = successToast(data, variables, toasts);
      if (shown) toast(shown);
      return onSuccess?.(data, variables, ...more);
    },
    onError: (error, variables, ...more) => {
      const shown = failureToast(error, variables, toasts);
      if (shown) toast(shown);
      return onError?.(error, variables, ...more);
    },
  });
}
