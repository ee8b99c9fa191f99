import { z } from 'zod';
import { API_VERSION } from '../meta.router';
import { FILE_ROUTES, type FileRoute } from './file-routes';
import { restRoutes, type RestRoute } from './routes';

const errorBody = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, retryAfterSeconds: { type: 'integer' } },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });
/** A file's bytes (OpenAPI 3.1: a string of that media type). */
const fileSchema = (contentType: string) => ({ type: 'string', contentMediaType: contentType });

/** A Zod schema as the document's JSON Schema (OpenAPI 3.1 speaks JSON Schema 2020-12), without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

const oaPathOf = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operationId = (method: string, path: string) => `${method.toLowerCase()}${path.replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase()).replace(/\W/g, '')}`;
const pathParameters = (path: string, json: ObjectSchema | undefined) =>
  [...path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: json?.properties?.[m[1]!] ?? { type: 'string' } }));
const security = (auth: RestRoute['auth']) => (auth === 'public' ? [] : auth === 'admin' ? [{ adminBearer: [] }] : [{ bearer: [] }, { cookie: [] }]);

function restOperation(route: RestRoute, schemas: Record<string, unknown>): Record<string, unknown> {
  const json = route.input ? (jsonSchema(route.input, 'input') as ObjectSchema) : undefined;
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const queryParams = route.method === 'GET' && json?.properties
    ? Object.entries(json.properties)
      .filter(([name]) => !pathNames.includes(name))
      .map(([name, schema]) => ({ name, in: 'query', required: (json.required ?? []).includes(name), schema }))
    : [];
  const answer = jsonSchema(route.output, 'output');
  // A file answer (the data export's ZIP): its bytes, and apart the schema of what it holds.
  if (route.file) schemas[route.file.schema] = answer;
  const success = route.file
    ? { description: `A file (${route.file.contentType}); what it holds: components.schemas.${route.file.schema}`, content: { [route.file.contentType]: { schema: fileSchema(route.file.contentType) } } }
    : { description: 'Success', content: { 'application/json': { schema: answer } } };
  const op: Record<string, unknown> = {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    tags: [route.path.split('/')[2]],
    parameters: [...pathParameters(route.path, json), ...queryParams],
    security: security(route.auth),
    responses: {
      [String(route.status ?? 200)]: success,
      '400': errorResponse('Bad input'),
      ...(route.auth !== 'public' ? { '401': errorResponse('Not signed in') } : {}),
      '429': errorResponse('Rate limited'),
    },
  };
  if (route.method !== 'GET' && json) op.requestBody = { required: true, content: { 'application/json': { schema: json } } };
  return op;
}

/** A path outside the REST table (a file in or out), from its declaration. */
function fileOperation(route: FileRoute): Record<string, unknown> {
  const params = route.params ? (jsonSchema(route.params, 'input') as ObjectSchema) : undefined;
  const success = 'json' in route.answer
    ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.answer.json, 'output') } } }
    : { description: 'The image', content: Object.fromEntries(route.answer.file.map((type) => [type, { schema: fileSchema(type) }])) };
  const op: Record<string, unknown> = {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    tags: [route.path.split('/')[2]],
    parameters: pathParameters(route.path, params),
    security: security(route.auth),
    responses: {
      [String(route.status)]: success,
      '400': errorResponse('Bad input'),
      '401': errorResponse('Not signed in'),
      ...Object.fromEntries(Object.entries(route.refusals).map(([status, description]) => [status, errorResponse(description)])),
      '429': errorResponse('Rate limited'),
    },
  };
  if (route.multipart) {
    const { fields, file } = route.multipart;
    const json = jsonSchema(fields, 'input') as ObjectSchema;
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [file.name, ...(json.required ?? [])],
            properties: { [file.name]: { ...fileSchema('application/octet-stream'), description: `${file.types.join(', ')}; ${file.maxBytes / 1024 / 1024} MB at most` }, ...json.properties },
          },
          encoding: { [file.name]: { contentType: file.types.join(', ') } },
        },
      },
    };
  }
  return op;
}

/** OpenAPI 3.1 for the REST table, from its procedures' input and answer schemas, and for the paths that carry files. */
export function openApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  for (const route of restRoutes) {
    const oaPath = oaPathOf(route.path);
    paths[oaPath] = { ...paths[oaPath], [route.method.toLowerCase()]: restOperation(route, schemas) };
  }
  for (const route of FILE_ROUTES) {
    const oaPath = oaPathOf(route.path);
    paths[oaPath] = { ...paths[oaPath], [route.method.toLowerCase()]: fileOperation(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Drape API', version: API_VERSION, description: 'REST twin of the tRPC procedures at /trpc.' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      ...(Object.keys(schemas).length ? { schemas } : {}),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'drape_session' },
        adminBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
