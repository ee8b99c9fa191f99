import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { FILE_ROUTES, restRoutes } from '@drape/api';

type OpenApiDocument = Parameters<typeof validate>[0];
import { startTestServer, type TestServer } from './testing/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('the REST table and tRPC serve the same procedures', () => {
  it('logs in through /trpc with the same answers and application error codes', async () => {
    const u = await s.register();
    const ok = await s.call('POST', '/trpc/auth.login', { email: u.email, password: u.password });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.user.id).toBe(u.user.id);
    const bad = await s.call('POST', '/trpc/auth.login', { email: u.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.data.appCode).toBe('invalid_credentials');
    expect(bad.body.error.message).toBe('Incorrect email or password.');
    const sessions = await s.call('GET', '/trpc/auth.sessions', undefined, { token: ok.body.result.data.token });
    expect(sessions.body.result.data.sessions.length).toBeGreaterThanOrEqual(2);
  });

  it('describes every REST row in /api/openapi.json from the Zod schemas', async () => {
    const doc = await s.call('GET', '/api/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const op = doc.body.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId, `${route.method} ${route.path}`).toMatch(/^(get|post|patch|delete|put)[A-Z]\w+$/);
      if (route.input && route.method !== 'GET') expect(op.requestBody, `${route.method} ${route.path}`).toBeDefined();
    }
    const ids = restRoutes.map((r) => doc.body.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()].operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const register = doc.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['email', 'password', 'username', 'firstName', 'lastName', 'turnstileToken']));
  });

  it('is a valid OpenAPI 3.1 document in two validators, with every success answer and its schema', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body as Record<string, any>;
    // Two independent validators: ReadMe's (schema and semantics: unique operationIds, path parameters declared) and seriousme's (the 3.1 JSON Schema).
    const readme = await validate(structuredClone(doc) as OpenApiDocument);
    expect(readme.valid, readme.valid ? '' : compileErrors(readme)).toBe(true);
    const seriousme = await new Validator().validate(structuredClone(doc));
    expect(seriousme.errors ?? []).toEqual([]);
    expect(seriousme.valid).toBe(true);
    // Each refuses a broken copy, so a pass means something: ReadMe's a repeated operationId, seriousme's an answer without its description.
    const twice = structuredClone(doc);
    twice.paths['/api/platform'].get.operationId = twice.paths['/api/version'].get.operationId;
    expect((await validate(twice as OpenApiDocument)).valid).toBe(false);
    const undescribed = structuredClone(doc);
    delete undescribed.paths['/api/version'].get.responses['200'].description;
    expect((await new Validator().validate(undescribed)).valid).toBe(false);
    for (const route of restRoutes) {
      const responses = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()].responses as Record<string, any>;
      const success = Object.keys(responses).filter((status) => status.startsWith('2'));
      expect(success, `${route.method} ${route.path}`).toEqual([String(route.status ?? 200)]);
      // A file answer (the data export's ZIP) documents its type, and what it holds apart.
      const schema = route.file ? doc.components.schemas[route.file.schema] : responses[success[0]!].content['application/json'].schema;
      if (route.file) expect(responses[success[0]!].content[route.file.contentType].schema).toEqual({ type: 'string', contentMediaType: route.file.contentType });
      expect(schema.type, `${route.method} ${route.path} answers a described body`).toMatch(/^(object|array)$/);
    }
    // The paths that carry files are documented too: the closet's multipart upload and its owner's photos.
    for (const route of FILE_ROUTES) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }, { cookie: [] }]);
      expect(Object.keys(op.responses)).toContain(String(route.status));
    }
    const upload = doc.paths['/api/closet/pieces'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['photo', 'category']);
    expect(upload.responses['201'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['id', 'colorFamily', 'pattern', 'photoUrl']));
    expect(Object.keys(doc.paths['/api/closet/pieces/{id}/photo'].get.responses['200'].content)).toEqual(['image/jpeg']);
    // A look's answer documents its REST spellings (user-area §3) beside the one tRPC spells.
    const look = doc.paths['/api/siims/lookbook'].get.responses['200'].content['application/json'].schema.properties.looks.items;
    expect(look.required).toEqual(expect.arrayContaining(['imageUrl', 'image_url', 'colorPalette', 'color_palette', 'styleVibe', 'style_vibe', 'vibe']));
  });

  it('answers unknown API paths with a JSON 404 and keeps /healthz and /readyz', async () => {
    expect(await s.call('GET', '/api/nope')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await s.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await s.call('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', imageStore: 'ok', queue: 'ok' } } });
  });

  it('sends security headers: the document policy on pages, the data headers on REST answers', async () => {
    const res = await s.call('GET', '/healthz');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await s.call('GET', '/api/version');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const failed = await s.call('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'x' });
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });
});
