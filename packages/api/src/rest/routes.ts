import type { z } from 'zod';
import type { HttpMethod, RestMeta } from '../procedure-meta';
import { procedureList, type ProcedureInfo } from '../procedures';
import type { Caller } from '../router';
import { REST_SPELLINGS } from './spellings';

/**
 * The REST table (docs/decisions/0004-rest-table.md): one row per documented path (spec user-area
 * §7, settings-and-admin §7), read from the router: each procedure declares its row in its
 * metadata (`meta.rest`), and its input and answer schemas are the procedure's own. The rules live
 * in the procedures, never here.
 */
export type { HttpMethod };

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface RestRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  /** The procedure it calls (its path in the router). */
  procedure: string;
  /** Who may call, from the procedure's builder ('viewer' procedures are public here). */
  auth: 'public' | 'user' | 'admin';
  /** Status of a success answer (200 unless said). */
  status?: number;
  /** The answer is a file of this type; `output` is what it holds (meta.rest.file). */
  file?: RestMeta['file'];
  /** The input's schema: the procedure parses it; OpenAPI is generated from it. */
  input?: z.ZodType;
  /** The success answer's schema (the procedure's, with the REST spellings a look adds). */
  output: z.ZodType;
  /** The request as the procedure's input (validated by the procedure, not here). */
  read(req: RestRequest): unknown;
  call(caller: Caller, input: unknown): Promise<unknown>;
  /** The procedure's answer as REST sends it. */
  present(answer: unknown): unknown;
}

/** GET reads the query and path, the others the body and path. */
function defaultRead(method: HttpMethod) {
  return (req: RestRequest): unknown => {
    if (method === 'GET') return { ...req.query, ...req.params };
    const body = req.body ?? {};
    return Object.keys(req.params).length && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...req.params } : body;
  };
}

type Callable = (input: unknown) => Promise<unknown>;

/** The caller's function of a procedure path (`wardrobe.save` -> caller.wardrobe.save). */
function callerFunction(caller: Caller, path: string): Callable {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Callable;
}

const identity = (answer: unknown) => answer;

function restRoute(p: ProcedureInfo, rest: RestMeta): RestRoute {
  if (!p.output) throw new Error(`${p.path}: a REST row needs the procedure's .output()`);
  const spelling = rest.spelling ? REST_SPELLINGS[rest.spelling] : undefined;
  const access = p.meta.access ?? 'public';
  return {
    method: rest.method,
    path: rest.path,
    summary: rest.summary,
    procedure: p.path,
    auth: access === 'viewer' ? 'public' : access,
    ...(rest.status ? { status: rest.status } : {}),
    ...(rest.file ? { file: rest.file } : {}),
    ...(p.input ? { input: p.input } : {}),
    output: spelling?.schema ?? p.output,
    read: p.input ? defaultRead(rest.method) : () => undefined,
    call: (caller, input) => callerFunction(caller, p.path)(input),
    present: spelling?.present ?? identity,
  };
}

export const restRoutes: readonly RestRoute[] = procedureList.flatMap((p) => (p.meta.rest ? [restRoute(p, p.meta.rest)] : []));
