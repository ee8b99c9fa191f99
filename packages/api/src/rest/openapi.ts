import { z } from 'zod';
import { appRouter } from '../router';
import { restRoutes } from './routes';

type ProcedureMap = Record<string, { _def: { inputs?: unknown[]; type?: string } }>;

export function procedureExists(path: string): boolean {
  return Boolean((appRouter._def.procedures as unknown as ProcedureMap)[path]);
}

function inputSchema(path: string): z.ZodType | undefined {
  const def = (appRouter._def.procedures as unknown as ProcedureMap)[path]?._def;
  const first = def?.inputs?.[0];
  return first instanceof z.ZodType ? first : undefined;
}

const errorBody = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, retryAfterSeconds: { type: 'integer' } },
};

/** OpenAPI 3.1 for the REST table, from the same Zod schemas the procedures parse. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const oaPath = route.path.replace(/:(\w+)/g, '{$1}');
    const schema = inputSchema(route.procedure);
    const json = schema && route.input === undefined ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>) : undefined;
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = route.method === 'GET' && json?.properties
      ? Object.entries(json.properties as Record<string, unknown>).filter(([k]) => !pathParams.some((p) => p.name === k))
        .map(([name, s]) => ({ name, in: 'query', required: ((json.required as string[]) ?? []).includes(name), schema: s }))
      : route.path === '/api/auth/search-users' ? [{ name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 50 } }] : [];
    const op: Record<string, unknown> = {
      operationId: route.procedure,
      summary: route.summary,
      tags: [route.path.split('/')[2]],
      parameters: [...pathParams, ...queryParams],
      security: route.auth === 'public' ? [] : route.auth === 'admin' ? [{ adminBearer: [] }] : [{ bearer: [] }, { cookie: [] }],
      responses: {
        [String(route.status ?? 200)]: { description: 'Success' },
        '400': { description: 'Bad input', content: { 'application/json': { schema: errorBody } } },
        ...(route.auth !== 'public' ? { '401': { description: 'Not signed in', content: { 'application/json': { schema: errorBody } } } } : {}),
        '429': { description: 'Rate limited', content: { 'application/json': { schema: errorBody } } },
      },
    };
    if (route.method !== 'GET' && json) op.requestBody = { required: true, content: { 'application/json': { schema: json } } };
    paths[oaPath] = { ...paths[oaPath], [route.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Drape API', version: '0.1.0', description: 'REST twin of the tRPC procedures at /trpc.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'drape_session' },
        adminBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
