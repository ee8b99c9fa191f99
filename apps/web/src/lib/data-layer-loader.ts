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
function once<T>(load: () => Promise<T>): { get: () => Promise<T>; value: () => T | null } {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get() {
      loading ??= load().then(
        (m) => (value = m),
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
    value: () => value,
  };
}

const client = once(() => import('./data-client'));
const layer = once(() => import('./data-layer'));

export const loadDataClient = (): Promise<DataClient> => client.get();
export const loadDataLayer = (): Promise<DataLayer> => layer.get();
export const loadedDataLayer = (): DataLayer | null => layer.value();
