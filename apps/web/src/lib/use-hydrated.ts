import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a prerendered page is being hydrated (and on the server), true once React owns it.
 * Before that, its controls do nothing a user expects: a click is lost, a form would submit
 * itself natively, text typed into a field is reset as the form takes it over. So they wait.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
