import { usernameMessages, usernameProblem } from '@drape/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTRPC } from '../../lib/trpc';
import { USERNAME_DEBOUNCE_MS } from '../../lib/timing';

export type UsernameState = 'idle' | 'checking' | 'available' | 'unavailable';

export interface UsernameAvailability {
  state: UsernameState;
  message: string;
  /** The name this answer is about (trimmed). */
  checked: string;
}

/**
 * Live availability of a username (user-area §4): empty is idle, a malformed name is unavailable
 * with the rule it breaks, otherwise checking, then available or unavailable; debounced 500 ms.
 * A failed check reads 'Error checking username availability' and counts as unavailable.
 */
export function useUsernameAvailability(raw: string): UsernameAvailability {
  const trpc = useTRPC();
  const name = raw.trim();
  const debounced = useDebouncedValue(name, USERNAME_DEBOUNCE_MS);
  const problem = debounced ? usernameProblem(debounced) : null;
  const query = useQuery(
    trpc.auth.checkUsername.queryOptions({ username: debounced }, { enabled: Boolean(debounced) && !problem, staleTime: 15_000 }),
  );
  if (!name) return { state: 'idle', message: '', checked: name };
  if (debounced !== name) return { state: 'checking', message: 'Checking availability...', checked: name };
  if (problem) return { state: 'unavailable', message: problem, checked: name };
  if (query.isError) return { state: 'unavailable', message: usernameMessages.checkFailed, checked: name };
  if (!query.data) return { state: 'checking', message: 'Checking availability...', checked: name };
  return { state: query.data.available ? 'available' : 'unavailable', message: query.data.message, checked: name };
}
