/**
 * The one query-key scheme of the admin app: every answer of a screen sits under
 * `['admin', area]`, a paged list under `['admin', area, list, filters]`. A change invalidates its
 * area and every list and figure of that screen asks again; a new filter is a new key, so its list
 * starts at the first page.
 */
export type AdminArea = 'showcase' | 'gallery' | 'blocked' | 'users' | 'audit';

export const adminKeys = {
  area: (area: AdminArea) => ['admin', area] as const,
  list: <Filters extends object>(area: AdminArea, list: string, filters: Filters) => ['admin', area, list, filters] as const,
};
