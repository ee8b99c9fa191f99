import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from '@trpc/server';
import { getHTTPStatusCode, resolveResponse } from '@trpc/server/http';
import { appRouter, procedureList, routerConfig, type Context, type Services, type Surface } from '@drape/api';
import { requestContext, sessionCookieHeader } from './request-context';
import { apiHeaders } from './security-headers';

/**
 * /trpc/<path>: tRPC's HTTP protocol.
 *
 * The calls the apps make (JSON queries by GET, mutations by POST, batched or not) are answered
 * here directly: parse the input, call each procedure with `callTRPCProcedure`, shape errors with
 * `getTRPCErrorShape`, and write the JSON. tRPC's own resolver builds web Request, Headers, URL,
 * AbortSignal.any and Response objects for every call, which on node 20 cost about two thirds of a
 * small call (bench/README.md). Anything else (a wrong method, an unknown path, malformed input,
 * streaming or event-stream answers, another content type) goes to tRPC's own `resolveResponse`,
 * before any procedure has run, so its answer is tRPC's exactly. trpc-route.test.ts checks that both
 * paths answer the same requests the same way.
 *
 * Every answer may hold personal data: no-store, with the data headers. A sign-in or sign-out
 * sets or clears the session cookie as the procedure asked.
 */

// tRPC's adapters read the router's definition for two facts: each procedure's type and the root
// configuration. So does this path, through @drape/api's procedure list, the one reader of tRPC's
// definitions (docs/decisions/0027-procedure-metadata.md; procedures.test.ts and the conformance
// test fail if a tRPC upgrade moves them).
const rootConfig = routerConfig;
const procedureTypes: ReadonlyMap<string, string> = new Map(procedureList.map((p) => [p.path, p.type]));

interface Call {
  path: string;
  input: unknown;
}

interface DirectRequest {
  type: 'query' | 'mutation';
  batch: boolean;
  calls: Call[];
}

/** The calls of a request the direct path can answer, or null for tRPC's resolver. */
function directRequest(req: FastifyRequest<{ Params: { path: string } }>): DirectRequest | null {
  const type = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : null;
  if (!type) return null;
  const accept = req.headers.accept ?? '';
  if (req.headers['trpc-accept'] !== undefined || accept.includes('application/jsonl') || accept.includes('text/event-stream')) return null;
  const query = req.query as Record<string, unknown>;
  const batch = query.batch === '1';
  const paths = batch ? req.params.path.split(',') : [req.params.path];
  if (paths.some((path) => procedureTypes.get(path) !== type)) return null;

  let raw: unknown;
  if (type === 'query') {
    if (query.input !== undefined && typeof query.input !== 'string') return null;
    raw = query.input ? parseJson(query.input) : undefined;
  } else {
    if (!req.headers['content-type']?.startsWith('application/json') || typeof req.body !== 'string' || req.body === '') return null;
    raw = parseJson(req.body);
  }
  if (raw === INVALID) return null;
  if (!batch) return { type, batch, calls: [{ path: paths[0]!, input: raw }] };
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) return null;
  const inputs = (raw ?? {}) as Record<string, unknown>;
  return { type, batch, calls: paths.map((path, index) => ({ path, input: inputs[index] })) };
}

const INVALID = Symbol('invalid JSON');
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

type Outcome = { result: { data: unknown } } | { error: unknown };

async function run(
  ctx: Context, call: Call, type: DirectRequest['type'], batchIndex: number, onError: (failure: { error: TRPCError; path: string }) => void,
): Promise<Outcome> {
  try {
    const data = await callTRPCProcedure({ router: appRouter, path: call.path, getRawInput: async () => call.input, ctx, type, signal: undefined, batchIndex });
    return { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    onError({ error, path: call.path });
    return { error: getTRPCErrorShape({ config: rootConfig, error, type, path: call.path, input: call.input, ctx }) };
  }
}

/**
 * The web Request tRPC's resolver reads: method, URL, the headers it looks at, the body already
 * read by Fastify. No abort signal tied to the socket (tRPC's node adapter aborts one on every
 * finished response, an exception object per request): no procedure here streams.
 */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of ['content-type', 'accept', 'trpc-accept', 'trpc-batch-mode']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : typeof req.body === 'string' ? req.body : '';
  return new Request(`http://localhost${req.url}`, { method: req.method, headers, body });
}

export async function registerTrpcRoute(app: FastifyInstance, services: Services, surface?: Surface): Promise<void> {
  const jsonHeaders = apiHeaders(surface === 'admin' && services.config.adminListener ? services.config.adminListener.origin : services.config.publicOrigin);
  const headersFor = (ctx: Context): Record<string, string> => {
    const cookie = sessionCookieHeader(ctx.response, services.config.publicOrigin);
    return cookie ? { ...jsonHeaders, 'set-cookie': cookie } : jsonHeaders;
  };

  const logFailure = (req: FastifyRequest) => ({ error, path }: { error: TRPCError; path: string | undefined }) => {
    // An outage is the database's, not a fault of ours: reported once, without a stack.
    if (req.server.databaseWatch.report(error.cause)) return;
    if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
  };

  const viaResolver = async (req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply, ctx: Context) => {
    const res = await resolveResponse({
      router: appRouter,
      req: webRequest(req),
      path: req.params.path,
      error: null,
      createContext: async () => ctx,
      responseMeta: () => ({ headers: headersFor(ctx) }),
      onError: logFailure(req),
    });
    void reply.code(res.status);
    res.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(await res.text());
  };

  await app.register(async (scope) => {
    // tRPC reads the body itself: keep it as text (as tRPC's Fastify plugin does).
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.all('/trpc/:path', { helmet: false }, async (req: FastifyRequest<{ Params: { path: string } }>, reply) => {
      // A procedure of another surface answers not_found (the procedures' surface gate).
      const ctx = requestContext(services, req, reply, surface);
      const direct = directRequest(req);
      if (!direct) return viaResolver(req, reply, ctx);
      const onError = logFailure(req);
      const outcomes = await Promise.all(direct.calls.map((call, index) => run(ctx, call, direct.type, index, onError)));
      const body = direct.batch ? outcomes : outcomes[0]!;
      return reply
        .code(getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]))
        .headers({ ...headersFor(ctx), 'content-type': 'application/json', vary: 'trpc-accept, accept' })
        .send(JSON.stringify(body));
    });
  });
}
