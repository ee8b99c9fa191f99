import { z } from 'zod';
import { API_VERSION } from '../meta.router';
import { restRoutes } from './routes';

const errorBody = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, retryAfterSeconds: { type: 'integer' } },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });

/** A Zod schema as the document's JSON Schema (OpenAPI 3.1 speaks JSON Schema 2020-12), without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** OpenAPI 3.1 for the REST table, from its procedures' input and answer schemas. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const oaPath = route.path.replace(/:(\w+)/g, '{$1}');
    const json = route.input ? (jsonSchema(route.input, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : undefined;
    const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const pathParams = pathNames.map((name) => ({ name, in: 'path', required: true, schema: json?.properties?.[name] ?? { type: 'string' } }));
    const queryParams = route.method === 'GET' && json?.properties
      ? Object.entries(json.properties)
        .filter(([name]) => !pathNames.includes(name))
        .map(([name, schema]) => ({ name, in: 'query', required: (json.required ?? []).includes(name), schema }))
      : [];
    const op: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, '')}`,
      summary: route.summary,
      tags: [route.path.split('/')[2]],
      parameters: [...pathParams, ...queryParams],
      security: route.auth === 'public' ? [] : route.auth === 'admin' ? [{ adminBearer: [] }] : [{ bearer: [] }, { cookie: [] }],
      responses: {
        [String(route.status ?? 200)]: { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.output, 'output') } } },
        '400': errorResponse('Bad input'),
        ...(route.auth !== 'public' ? { '401': errorResponse('Not signed in') } : {}),
        '429': errorResponse('Rate limited'),
      },
    };
    if (route.method !== 'GET' && json) op.requestBody = { required: true, content: { 'application/json': { schema: json } } };
    paths[oaPath] = { ...paths[oaPath], [route.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Drape API', version: API_VERSION, description: 'REST twin of the tRPC procedures at /trpc.' },
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
