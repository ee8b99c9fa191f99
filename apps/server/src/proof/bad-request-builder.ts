import type { RestRoute } from '@drape/api';
import type { BadRequest } from './bad-requests';
import { pathParams } from './calls';
import type { RawRequest } from './http';
import type { FieldShape } from './schema-shape';

/**
 * A malformed request as sent, and what the server can make of it: the input its REST row would
 * hand the procedure (the row's own `read`), or UNREADABLE when the HTTP layer cannot read it
 * (bad JSON, a content type without a parser, a body over the limit). That input decides whether
 * the request is really bad: the server may accept it only if its schema does and no field holds
 * what no field may (control characters, halves of surrogate pairs).
 */
export const UNREADABLE = Symbol('unreadable');

/** Fastify's body limit (apps/server/src/app.ts). */
const BODY_LIMIT = 256 * 1024;

export interface BuiltRequest {
  request: RawRequest;
  /** The procedure's input as the server reads it, or UNREADABLE. */
  input: unknown;
}

/** What travels is UTF-8: a lone surrogate becomes U+FFFD on the wire. */
const wire = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** encodeURIComponent of the UTF-8 that is sent (it throws on a lone surrogate). */
const encode = (s: string) => encodeURIComponent(wire(s));

function decodeOr(raw: string): string | typeof UNREADABLE {
  try {
    return decodeURIComponent(raw);
  } catch {
    return UNREADABLE;
  }
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function poisoned(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(poisoned);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Object.hasOwn(o, '__proto__')) return true;
    const ctor = o.constructor;
    if (Object.hasOwn(o, 'constructor') && ctor && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    return Object.values(o).some(poisoned);
  }
  return false;
}

/** A JSON body as Fastify's parser reads it (secure-json-parse: a leading BOM is dropped, prototype keys refused). */
function readJson(text: string): unknown {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (t === '') return UNREADABLE;
  try {
    const value: unknown = JSON.parse(t);
    return poisoned(value) ? UNREADABLE : value;
  } catch {
    return UNREADABLE;
  }
}

/** How the server reads a body of this content type: as JSON, as text, or not at all (415). */
function readerOf(contentType: string): 'json' | 'text' | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/plain') return 'text';
  return null;
}

function formEncode(fields: Record<string, unknown>): string {
  return Object.entries(fields).map(([k, v]) => `${encode(k)}=${encode(asText(v))}`).join('&');
}

export function buildBadRequest(route: RestRoute, base: unknown, bad: BadRequest): BuiltRequest {
  const fields: Record<string, unknown> = base && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : {};
  const edit = bad.edit;
  if (edit.op === 'set') fields[edit.field] = edit.value;
  if (edit.op === 'delete') delete fields[edit.field];
  if (edit.op === 'add') Object.defineProperty(fields, edit.key, { value: edit.value, enumerable: true, writable: true, configurable: true });

  // The path: parameters from their fields (or raw text), decoded by the router.
  let path = route.path;
  const params: Record<string, string> = {};
  let unreadable = false;
  for (const name of pathParams(route.path)) {
    const value = fields[name];
    delete fields[name];
    if (edit.op === 'raw-param' && edit.field === name) {
      path = path.replace(`:${name}`, edit.raw);
      const decoded = decodeOr(edit.raw);
      if (decoded === UNREADABLE) unreadable = true;
      else params[name] = decoded;
    } else {
      const text = value === undefined ? '' : wire(asText(value));
      path = path.replace(`:${name}`, encodeURIComponent(text));
      params[name] = text;
    }
  }

  // The query: a GET's input; on other methods only a repeated key, which nothing reads. Without a
  // prototype, as the server's parser makes it: a `__proto__` key is a key like any other.
  const query: Record<string, string | string[]> = Object.create(null);
  if (route.method === 'GET') {
    for (const [k, v] of Object.entries(fields)) {
      if (v === undefined) continue;
      // An array is the key repeated; one element is a plain `k=v`, which the server reads as text.
      const values = (Array.isArray(v) ? v : [v]).map((x) => wire(asText(x)));
      if (values.length === 1) query[k] = values[0]!;
      else if (values.length > 1) query[k] = values;
    }
  }
  if (edit.op === 'repeat') query[edit.field] = edit.values.map(wire);
  const queryText = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${encode(k)}=${encode(one)}`)).join('&');

  // The body: the rest of the input as JSON, unless the edit replaces it.
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let readBody: unknown;
  const json = (text: string) => {
    body = text;
    headers['content-type'] = 'application/json';
    readBody = Buffer.byteLength(text) > BODY_LIMIT ? UNREADABLE : readJson(wire(text));
  };
  if (edit.op === 'raw-body') json(edit.raw);
  else if (edit.op === 'json-body') json(JSON.stringify(edit.value) ?? 'null');
  else if (edit.op === 'pad') json(JSON.stringify({ ...fields, padding: 'x'.repeat(edit.bytes) }));
  else if (edit.op === 'content-type') {
    body = edit.contentType.startsWith('application/x-www-form-urlencoded') ? formEncode(fields) : JSON.stringify(fields);
    if (edit.contentType) headers['content-type'] = edit.contentType;
    const reader = readerOf(edit.contentType);
    readBody = reader === 'json' ? readJson(body) : reader === 'text' ? body : UNREADABLE;
  } else if (route.method !== 'GET' && Object.keys(fields).length) json(JSON.stringify(fields));

  // A GET's body is not read: its input is the query and the path.
  const bodyRead = route.method === 'GET' ? undefined : readBody;
  const input = unreadable || bodyRead === UNREADABLE ? UNREADABLE : route.read({ params, query, body: bodyRead });
  return {
    request: { method: route.method, path: `${path}${queryText ? `?${queryText}` : ''}`, headers, ...(body !== undefined ? { body } : {}) },
    input,
  };
}

// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const NEVER_IN_A_FIELD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;

/** Whitespace at either end (\v and \f among it) is trimmed away by the fields that trim: only what stays counts. */
function holdsForbidden(value: unknown): boolean {
  if (typeof value === 'string') return NEVER_IN_A_FIELD.test(value.trim());
  if (Array.isArray(value)) return value.some(holdsForbidden);
  if (value && typeof value === 'object') return Object.values(value).some(holdsForbidden);
  return false;
}

/**
 * Whether the server must refuse the request: it cannot read it, its schema refuses the input, or
 * a field of the input holds control characters or half a surrogate pair (text no field takes,
 * whatever its schema says). Unknown fields are dropped by the schemas, so only known ones count.
 */
export function mustRefuse(route: RestRoute, fields: Record<string, FieldShape>, input: unknown): boolean {
  if (input === UNREADABLE) return true;
  if (!route.input) return false;
  if (input && typeof input === 'object' && Object.keys(fields).some((k) => holdsForbidden((input as Record<string, unknown>)[k]))) return true;
  return !route.input.safeParse(input).success;
}

/**
 * The same malformed request sent to a procedure over /trpc (as tRPC's httpLink would carry its
 * input: `?input=` on a query, the JSON body of a mutation), and the input tRPC reads from it.
 */
export function buildBadTrpcRequest(procedure: string, type: 'query' | 'mutation', base: unknown, bad: BadRequest): BuiltRequest {
  const fields: Record<string, unknown> = base && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : {};
  const edit = bad.edit;
  if (edit.op === 'set') fields[edit.field] = edit.value;
  if (edit.op === 'delete') delete fields[edit.field];
  if (edit.op === 'add') Object.defineProperty(fields, edit.key, { value: edit.value, enumerable: true, writable: true, configurable: true });
  const edited = base === undefined && !['set', 'delete', 'add'].includes(edit.op) ? undefined : fields;

  let text: string | undefined = edited === undefined ? undefined : JSON.stringify(edited);
  let contentType = 'application/json';
  if (edit.op === 'raw-body') text = edit.raw;
  if (edit.op === 'json-body') text = JSON.stringify(edit.value) ?? 'null';
  if (edit.op === 'pad') text = JSON.stringify({ ...fields, padding: 'x'.repeat(edit.bytes) });
  if (edit.op === 'content-type') {
    text = JSON.stringify(fields);
    contentType = edit.contentType;
  }
  // tRPC reads its input with JSON.parse; nothing or '' is no input. A body is read as the fetch
  // standard reads one (a leading BOM dropped); `?input=` as it is.
  const parse = (t: string | undefined, body = false) => {
    if (t === undefined || t === '') return undefined;
    try {
      const sent = wire(t);
      return JSON.parse(body && sent.charCodeAt(0) === 0xfeff ? sent.slice(1) : sent) as unknown;
    } catch {
      return UNREADABLE;
    }
  };

  if (type === 'query') {
    const inputs = edit.op === 'repeat' ? edit.values : text === undefined ? [] : [text];
    const query = inputs.map((v) => `input=${encode(v)}`).join('&');
    const path = `/trpc/${procedure}${edit.op === 'raw-param' ? edit.raw : ''}${query ? `?${query}` : ''}`;
    // A repeated `input` is read as its first value by tRPC's resolver.
    const input = edit.op === 'raw-param' ? UNREADABLE : parse(inputs[0]);
    return { request: { method: 'GET', path, headers: edit.op === 'content-type' && contentType ? { 'content-type': contentType } : {} }, input };
  }
  const path = `/trpc/${procedure}${edit.op === 'raw-param' ? edit.raw : ''}${edit.op === 'repeat' ? `?${edit.values.map((v) => `input=${encode(v)}`).join('&')}` : ''}`;
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const tooBig = text !== undefined && Buffer.byteLength(text) > BODY_LIMIT;
  const readable = readerOf(contentType) === 'json' || (text === undefined && contentType === 'application/json');
  const input = edit.op === 'raw-param' || tooBig || !readable ? UNREADABLE : parse(text, true);
  return { request: { method: 'POST', path, headers, ...(text !== undefined ? { body: text } : {}) }, input };
}

/** Whether a procedure must refuse what it read: as mustRefuse, for a procedure that takes input. */
export function procedureMustRefuse(parser: { safeParse(v: unknown): { success: boolean } } | undefined, fields: Record<string, FieldShape>, input: unknown): boolean {
  if (!parser) return false;
  if (input === UNREADABLE) return true;
  if (input && typeof input === 'object' && Object.keys(fields).some((k) => holdsForbidden((input as Record<string, unknown>)[k]))) return true;
  return !parser.safeParse(input).success;
}
