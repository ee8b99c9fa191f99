import type * as DataLayerModule from './data-layer';

/** The data layer's chunk (data-layer.tsx), loaded once; `loadedDataLayer` answers without waiting once it is in. */
export type DataLayer = typeof DataLayerModule;

let loaded: DataLayer | null = null;
let loading: Promise<DataLayer> | null = null;

export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('./data-layer').then(
    (m) => (loaded = m),
    (err: unknown) => {
      // A failed download (offline for a moment) is tried again by the next caller.
      loading = null;
      throw err;
    },
  );
  return loading;
}

export function loadedDataLayer(): DataLayer | null {
  return loaded;
}
