import { useSyncExternalStore } from 'react';
import type * as DataClientModule from './data-client';
import type * as DataLayerModule from './data-layer';

/**
 * The data client (data-client.ts: the query cache and the tRPC client) and the data layer
 * (data-layer.tsx: their providers and the toaster) are chunks of their own, each loaded once;
 * `loadedDataLayer` answers without waiting once the layer is in.
 */
export type DataClient = typeof DataClientModule;
export type DataLayer = typeof DataLayerModule;

/** An import that a failed download (offline for a moment) does not spoil for the next caller. */
function once<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    get(): Promise<T> {
      loading ??= load().then(
        (m) => {
          value = m;
          for (const l of listeners) l();
          return m;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
    value: (): T | null => value,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const client = once(() => import('./data-client'));
const layer = once(() => import('./data-layer'));

export const loadDataClient = (): Promise<DataClient> => client.get();
export const loadDataLayer = (): Promise<DataLayer> => layer.get();
export const loadedDataLayer = (): DataLayer | null => layer.value();

/** The data layer once it is in (re-rendering then); null before, and on the server. */
export function useLoadedDataLayer(): DataLayer | null {
  return useSyncExternalStore(layer.subscribe, layer.value, () => null);
}
