import fc from 'fast-check';
import type { FieldShape } from './schema-shape';

/**
 * Malformed requests for one REST path, generated with fast-check from the path's input fields:
 * each is an edit of a valid request (one field of the wrong type, missing, unknown, huge,
 * strange...), or a body, content type or path nobody should send. Pure: what is sent and what
 * the server may make of it are worked out in bad-request-builder.ts.
 */
export const BAD_KINDS = [
  'wrong-type', 'missing-field', 'extra-field', 'huge-string', 'unicode', 'control-chars', 'lone-surrogates', 'injection',
  'bad-id', 'bad-number', 'bad-json', 'content-type', 'huge-body', 'repeated-query', 'body-shape', 'bad-path',
] as const;
export type BadKind = (typeof BAD_KINDS)[number];

export type Edit =
  /** A field of the input (in the body, the query or the path) set to a value. */
  | { op: 'set'; field: string; value: unknown }
  | { op: 'delete'; field: string }
  /** A field the input does not have. */
  | { op: 'add'; key: string; value: unknown }
  /** The query names a field twice or more. */
  | { op: 'repeat'; field: string; values: string[] }
  /** The body replaced by raw text (with a JSON content type). */
  | { op: 'raw-body'; raw: string }
  /** The body replaced by another JSON value. */
  | { op: 'json-body'; value: unknown }
  /** The valid input sent as another content type. */
  | { op: 'content-type'; contentType: string }
  /** The valid input with a filler field of this many bytes. */
  | { op: 'pad'; bytes: number }
  /** A path parameter as raw, already encoded, text. */
  | { op: 'raw-param'; field: string; raw: string };

export interface BadRequest {
  kind: BadKind;
  edit: Edit;
}

export interface PathFacts {
  method: string;
  /** The input's fields (none for a path without input). */
  fields: Record<string, FieldShape>;
  /** Path parameters (a subset of the fields). */
  params: string[];
}

export const UNICODE = [
  'Zoë Ünïcödé', '日本語のテキスト', 'مرحبا بالعالم', 'שָׁלוֹם', '\u202Egnp.exe', 'zero\u200Bwidth', 'Z̸̡̛͓a̵l̶g̷o̶', '👩🏽‍🚀🧥👗👠', '🇯🇵🇫🇷',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\uFEFFbom', 'ＡＤＭＩＮ', 'non\u00A0breaking', 'İstanbul', 'e\u0301', ' ', '', '   padded   ', 'tab\there', 'line\nbreak', 'cr\r\nlf',
];
/** C0, DEL and C1 characters other than tab and line breaks: refused in every field. */
export const CONTROL = ['\u0000', 'a\u0000b', '\u0001', '\u001B[31mred', '\u007F', 'next\u0085line', '\u009F', 'bell\u0007', 'back\u0008space', '\u000C', '\u000B', '\u001F'];
/** Halves of surrogate pairs: not text in any encoding (stored, they would become U+FFFD). */
export const SURROGATES = ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF', '\uD83D', 'smile\uD83D'];
export const INJECTION = [
  "' OR '1'='1", "'; DROP TABLE users; --", '" OR ""="', '1; SELECT pg_sleep(5)--', "admin'--", "%' AND 1=1 --",
  "' UNION SELECT password_hash FROM users --", '$$; select 1; $$', '\\', "\\'", '%', '_', '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg/onload=alert(1)>', '{{7*7}}', '${7*7}', '<!--', ']]>',
  '../../etc/passwd', '..\\..\\windows\\win.ini', '%00', '%2e%2e%2f', 'null', 'undefined', 'NaN', 'true', '[]', '{}',
  '__proto__', 'constructor', 'file:///etc/passwd', '${jndi:ldap://example.com/a}', '*', '.*', '(a+)+$',
];
const UUID = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
const BAD_IDS = [
  'not-a-uuid', '1', '0', '-1', '00000000-0000-0000-0000-00000000000g', UUID.replace(/-/g, ''), `{${UUID}}`, `${UUID} `, ` ${UUID}`,
  UUID.toUpperCase(), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', "' OR 1=1--", '../..',
  'a'.repeat(36), `${UUID}${UUID}`, UUID.replace(/-/g, '_'), `${UUID}\u0000`, '', 'null',
];
const NUMBERS = [-1, 0, -0, 0.5, 1.5, -1e308, 1e308, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e21, -2147483649, 4294967296];
const NUMBER_TEXT = [
  '-1', '0', '1.5', '1e3', '0x10', ' 5 ', '5abc', '', 'NaN', 'Infinity', '-Infinity', '１２', '١٢', '9'.repeat(400), '00005', '+5',
  '-0', '1_000', '0b11', '5.', '.5', '1e400', '-9007199254740993',
];
const BAD_JSON = [
  '{', '{"a":', '[1,2', "{'a':1}", '{"a":1,}', 'nul', 'undefined', '{"a":NaN}', '{"a":Infinity}', '\uFEFF{}', '{"a":"\\u00"}',
  '{"a":"\\x41"}', '{"a":1}{"b":2}', '{"a":01}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}',
  '', ' ', '['.repeat(10_000), `{"a":${'['.repeat(5000)}`, `${'['.repeat(3000)}${']'.repeat(3000)}`, '{"a":"\uD800"}', '{"a":"\\uD800"}', 'true', '"text"',
];
export const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/html', '',
  'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/jsonx', 'application/vnd.api+json', 'application/*', 'image/png',
];
const SPECIAL_KEYS = ['isAdmin', 'tier', 'role', 'userId', 'user_id', 'admin', '__proto__', 'constructor', 'prototype', 'password_hash', 'id', 'deletion_requested_at'];
const RAW_PARAMS = ['%zz', '%00', '..%2F..%2Fetc', '%ED%A0%80', '%F0%9F%98%80', 'a'.repeat(300), '%2e%2e', ';', '%20', '.', '%C0%AF', '%25', 'x%2Fy'];

const fieldArb = (names: string[]) => fc.constantFrom(...names);

/** A value of a JSON type the field does not take. */
function wrongTypeOf(shape: FieldShape): fc.Arbitrary<unknown> {
  const values: fc.Arbitrary<unknown>[] = [fc.constant(null), fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 })];
  if (shape.kind !== 'number') values.push(fc.integer(), fc.double());
  if (shape.kind !== 'boolean') values.push(fc.boolean());
  if (!['text', 'uuid', 'email', 'date', 'enum', 'literal'].includes(shape.kind)) values.push(fc.string({ maxLength: 8 }));
  return fc.oneof(...values);
}

// 'a😀' puts emoji across every boundary a server might cut at (a surrogate pair split in two).
const hugeString = fc.tuple(fc.constantFrom(300, 1_000, 10_000, 100_000, 300_000), fc.constantFrom('a', '😀', 'a😀', '<', "'", ' ', 'é'))
  .map(([n, unit]) => unit.repeat(n));

/** The generators for one path: only the kinds that apply to it. */
export function badRequestArbitraries(facts: PathFacts): Partial<Record<BadKind, fc.Arbitrary<BadRequest>>> {
  const names = Object.keys(facts.fields);
  const ofKind = (...kinds: FieldShape['kind'][]) => names.filter((n) => kinds.includes(facts.fields[n]!.kind));
  const textual = ofKind('text', 'email', 'date', 'enum', 'literal', 'uuid');
  const ids = ofKind('uuid');
  const numbers = ofKind('number');
  const isGet = facts.method === 'GET';
  const set = (kind: BadKind, fields: string[], value: fc.Arbitrary<unknown>) =>
    fc.record({ field: fieldArb(fields), value }).map(({ field, value: v }): BadRequest => ({ kind, edit: { op: 'set', field, value: v } }));

  const arbs: Partial<Record<BadKind, fc.Arbitrary<BadRequest>>> = {
    'extra-field': fc.record({
      key: fc.oneof(fc.constantFrom(...SPECIAL_KEYS, ...CONTROL, ...SURROGATES), fc.string({ minLength: 1, maxLength: 12 })),
      value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...CONTROL, ...SURROGATES), hugeString),
    })
      .map(({ key, value }) => ({ kind: 'extra-field', edit: { op: 'add', key, value } })),
    'bad-json': fc.constantFrom(...BAD_JSON).map((raw) => ({ kind: 'bad-json', edit: { op: 'raw-body', raw } })),
    'content-type': fc.constantFrom(...CONTENT_TYPES).map((contentType) => ({ kind: 'content-type', edit: { op: 'content-type', contentType } })),
    'huge-body': fc.constantFrom(100_000, 200_000, 300_000, 1_000_000).map((bytes) => ({ kind: 'huge-body', edit: { op: 'pad', bytes } })),
    'repeated-query': fc.record({ field: names.length && isGet ? fieldArb(names) : fc.constantFrom('limit', 'q', 'id'), values: fc.array(fc.oneof(fc.constantFrom('1', '', 'all', UUID), fc.string({ maxLength: 6 })), { minLength: 2, maxLength: 4 }) })
      .map(({ field, values }) => ({ kind: 'repeated-query', edit: { op: 'repeat', field, values } })),
  };
  if (!isGet) {
    arbs['body-shape'] = fc.oneof(
      fc.constantFrom<unknown>(null, [], 'text', 42, true, {}, [{}], { input: {} }, { 0: {} }),
      fc.jsonValue({ maxDepth: 3 }),
    ).map((value) => ({ kind: 'body-shape', edit: { op: 'json-body', value } }));
  }
  if (names.length) {
    arbs['wrong-type'] = fc.constantFrom(...names).chain((field) => wrongTypeOf(facts.fields[field]!).map((value): BadRequest => ({ kind: 'wrong-type', edit: { op: 'set', field, value } })));
    arbs['missing-field'] = fieldArb(names).map((field) => ({ kind: 'missing-field', edit: { op: 'delete', field } }));
    arbs['huge-string'] = set('huge-string', names, hugeString);
    arbs['unicode'] = set('unicode', names, fc.oneof(fc.constantFrom(...UNICODE), fc.string({ unit: 'grapheme', maxLength: 16 })));
    arbs['control-chars'] = set('control-chars', names, fc.oneof(
      fc.constantFrom(...CONTROL),
      fc.tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 4 })).map(([a, c, b]) => `${a}${c}${b}`),
    ));
    arbs['lone-surrogates'] = set('lone-surrogates', names, fc.constantFrom(...SURROGATES));
    arbs['injection'] = set('injection', textual.length ? textual : names, fc.constantFrom(...INJECTION));
  }
  if (ids.length) arbs['bad-id'] = set('bad-id', ids, fc.oneof(fc.constantFrom(...BAD_IDS), fc.uuid()));
  if (numbers.length) arbs['bad-number'] = set('bad-number', numbers, fc.oneof(fc.constantFrom<unknown>(...NUMBERS), fc.constantFrom(...NUMBER_TEXT), fc.integer({ min: -(2 ** 31), max: 2 ** 31 })));
  if (facts.params.length) {
    arbs['bad-path'] = fc.record({ field: fieldArb(facts.params), raw: fc.constantFrom(...RAW_PARAMS) })
      .map(({ field, raw }) => ({ kind: 'bad-path', edit: { op: 'raw-param', field, raw } }));
  }
  return arbs;
}

/**
 * `count` requests for a path, spread over every kind that applies (round robin), the same for a
 * seed: fast-check draws each kind's share.
 */
export function sampleBadRequests(facts: PathFacts, count: number, seed: number): BadRequest[] {
  const arbs = Object.values(badRequestArbitraries(facts));
  const share = Math.ceil(count / arbs.length);
  const perKind = arbs.map((arb, i) => fc.sample(arb, { seed: seed + i, numRuns: share }));
  const out: BadRequest[] = [];
  for (let i = 0; out.length < count; i++) {
    const kindIndex = i % perKind.length;
    const next = perKind[kindIndex]![Math.floor(i / perKind.length)];
    if (next) out.push(next);
    else if (i > share * perKind.length) break;
  }
  return out;
}
