import { procedureByPath, procedureList, restRoutes, type ProcedureType, type RestRoute } from '@drape/api';
import type { z } from 'zod';
import { JSON_BODY, type RawRequest } from './http';

/**
 * The two doors of every procedure, read from the router rather than listed by hand: the REST
 * table (the rows the procedures declare) and tRPC.
 */

export type { ProcedureType };

/** Every tRPC procedure of the router, with its type. */
export function procedures(): Map<string, ProcedureType> {
  return new Map(procedureList.map((p) => [p.path, p.type]));
}

/** A REST row's name in reports and in the expectations: `METHOD /path`. */
export const routeKey = (route: Pick<RestRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The procedure a REST row calls (the one that declares it). */
export const procedureOf = (route: RestRoute): string => route.procedure;

/** REST rows by the procedure they call. */
export function restRowsByProcedure(): Map<string, RestRoute[]> {
  const map = new Map<string, RestRoute[]>();
  for (const route of restRoutes) {
    const p = procedureOf(route);
    map.set(p, [...(map.get(p) ?? []), route]);
  }
  return map;
}

/** The names of a REST path's parameters (`/api/x/:id/y` -> ['id']). */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

const queryValue = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A query string from an object: arrays repeat the key, undefined values are left out. */
export function queryString(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(queryValue(one))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The REST request for a procedure input: path parameters from the input's fields of the same
 * name, the rest in the query (GET) or as the JSON body.
 */
export function restRequest(route: RestRoute, input: unknown): RawRequest {
  const fields: Record<string, unknown> = input && typeof input === 'object' ? { ...(input as Record<string, unknown>) } : {};
  let path = route.path;
  for (const name of pathParams(route.path)) {
    path = path.replace(`:${name}`, encodeURIComponent(String(fields[name] ?? '')));
    delete fields[name];
  }
  if (route.method === 'GET') return { method: 'GET', path: `${path}${queryString(fields)}` };
  if (Object.keys(fields).length === 0) return { method: route.method, path };
  return { method: route.method, path, headers: { ...JSON_BODY }, body: JSON.stringify(fields) };
}

/**
 * The tRPC request for a procedure input, as tRPC's httpLink sends it: a query by GET with
 * `?input=`, a mutation by POST as JSON (no body when it has no input).
 */
export function trpcRequest(procedure: string, type: ProcedureType, input: unknown): RawRequest {
  if (type === 'query') {
    return { method: 'GET', path: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}` };
  }
  return { method: 'POST', path: `/trpc/${procedure}`, headers: { ...JSON_BODY }, ...(input === undefined ? {} : { body: JSON.stringify(input) }) };
}

/** A procedure's input schema (the Zod schema given to `.input()`), if it takes input. */
export function procedureInput(path: string): z.ZodType | undefined {
  return procedureByPath.get(path)?.input;
}
