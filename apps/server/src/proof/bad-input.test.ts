import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closetPhotoRoute, closetThumbnailRoute, closetUploadRoute, restRoutes, type RestRoute } from '@drape/api';
import { isAppErrorCode } from '@drape/contracts';
import { FULL, recordCase } from '@drape/stress';
import { ACCESS, procedureOfKey, type Principal } from './access-expectations';
import { INPUTS } from './access-inputs';
import { buildBadRequest, buildBadTrpcRequest, mustRefuse, procedureMustRefuse, UNREADABLE, type BuiltRequest } from './bad-request-builder';
import { BAD_KINDS, sampleBadRequests, type BadKind, type BadRequest } from './bad-requests';
import { callContext, makeVictims, type Victims } from './call-context';
import { pathParams, procedureInput, procedureOf, procedures, routeKey } from './calls';
import { send, type RawAnswer, type RawRequest } from './http';
import { insertLook, STOCKED, STOCKED_ELEGANT } from './looks';
import { inputFields } from './schema-shape';
import { changedTables, databaseFingerprint, WRITTEN_WHEN_REFUSED, type Fingerprint } from './snapshots';
import { buildWorld, type World } from './world';
import { BAD_UPLOAD_KINDS, mayAccept, sampleBadUploads, uploadRequest, type BadUploadKind, type UploadPhotos } from './bad-uploads';
import { bombPng, closetFiles, plainPhoto } from '../testing/closet';

/**
 * Issue 15 §2: for every REST path (and every procedure over /trpc), malformed requests generated
 * with fast-check from its Zod input, sent with valid credentials of the right kind so that
 * authentication is not what refuses them. None answers 5xx; every refusal is JSON with an error
 * code and a message; no refused request changes the database (but the tables a refusal writes
 * by design: snapshots.ts). A request the server accepts must be one it may accept: readable, and
 * valid for its schema (bad-request-builder.ts decides, case by case). The paths outside the
 * table get the same: the closet's upload its own malformed uploads (bad-uploads.ts), its
 * photos the cases of their path parameter; a refusal there must store no file either.
 */
const REST_CASES = FULL ? 300 : 50;
const TRPC_CASES = FULL ? 60 : 6;
const SEED = 20_250_115;
/** Calls whose valid input is spent by any call (a solved bot check), not only by an accepted one. */
const FRESH_EACH_CASE = new Set(['auth.register']);

let world: World;
let victims: Victims;

interface Tally {
  cases: number;
  accepted: number;
  refused: number;
  fiveXx: number;
  dbChanged: number;
}
const byKind = new Map<string, Tally>();
const perPath = new Map<string, number>();
const started = performance.now();

function tally(door: string, kind: BadKind | BadUploadKind, res: RawAnswer, changed: boolean) {
  const key = `${door} ${kind}`;
  const t = byKind.get(key) ?? { cases: 0, accepted: 0, refused: 0, fiveXx: 0, dbChanged: 0 };
  t.cases += 1;
  if (res.status < 300) t.accepted += 1;
  else t.refused += 1;
  if (res.status >= 500) t.fiveXx += 1;
  if (changed) t.dbChanged += 1;
  byKind.set(key, t);
}

const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0) & 0xffff;
const describeCase = (bad: BadRequest) => JSON.stringify(bad.edit, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}…(${v.length})` : v)).slice(0, 200);

/** The principal whose valid credentials a path gets: a Fashion Icon (no tier gate), the admin, or nobody. */
const callerOf = (auth: RestRoute['auth']): Principal => (auth === 'admin' ? 'admin' : auth === 'user' ? 'icon' : 'anon');

interface Door {
  name: string;
  procedure: string;
  principal: Principal;
  cases: BadRequest[];
  build(base: unknown, bad: BadRequest): BuiltRequest;
  refuse(input: unknown): boolean;
  /** The problem with a refusal's body, if any. */
  badRefusal(res: RawAnswer): string | null;
  sendAs(token: string | null, built: BuiltRequest): Promise<RawAnswer>;
}

function restRefusal(res: RawAnswer): string | null {
  const body = res.json as { error?: unknown; message?: unknown } | undefined;
  if (!body || typeof body.message !== 'string' || typeof body.error !== 'string') return `not { error, message }: ${res.text.slice(0, 120)}`;
  return isAppErrorCode(body.error) ? null : `error '${body.error}' is no application code`;
}

/** /trpc answers tRPC's error shape; the HTTP layer's own refusals before tRPC (413, 415) the REST one. */
function trpcRefusal(res: RawAnswer): string | null {
  const body = res.json as { error?: { message?: unknown; data?: { appCode?: unknown } } } | undefined;
  if (body?.error && typeof body.error === 'object') {
    return typeof body.error.message === 'string' && isAppErrorCode(body.error.data?.appCode) ? null : `not tRPC's error with an application code: ${res.text.slice(0, 120)}`;
  }
  return restRefusal(res);
}

async function tryDoor(door: Door): Promise<string[]> {
  const db = world.s.db.db;
  // The procedure's first row whose call the principal may make: a malformed request is an edit of one that succeeds.
  const key = Object.keys(ACCESS).find((k) => procedureOfKey(k) === door.procedure && ACCESS[k]!.expect[door.principal] === 'ok') ?? door.procedure;
  const make = INPUTS[key]!;
  const base = async () => {
    const call = await make(callContext(world, door.principal, door.procedure, victims));
    return { input: call.input, token: call.token !== undefined ? call.token : world.tokens[door.principal] };
  };
  let valid = await base();
  let before: Fingerprint = await databaseFingerprint(db, world.s.db.pool);
  const failures: string[] = [];
  for (const bad of door.cases) {
    if (FRESH_EACH_CASE.has(door.procedure)) {
      valid = await base();
      before = await databaseFingerprint(db, world.s.db.pool);
    }
    const built = door.build(valid.input, bad);
    const refuse = door.refuse(built.input);
    const res = await door.sendAs(valid.token, built);
    const problems: string[] = [];
    if (res.status >= 500) problems.push('5xx');
    let changed: string[] = [];
    if (res.status >= 300) {
      const refusal = door.badRefusal(res);
      if (refusal) problems.push(refusal);
      const after = await databaseFingerprint(db, world.s.db.pool);
      changed = changedTables(before, after);
      if (changed.length) problems.push(`changed ${changed.join(', ')}`);
      before = after;
    } else {
      if (refuse) problems.push('accepted a request it must refuse');
      // The call used its valid input up (a save, a sign-out...): a fresh one, and a new baseline.
      valid = await base();
      before = await databaseFingerprint(db, world.s.db.pool);
    }
    tally(door.name.startsWith('/trpc') ? 'tRPC' : 'REST', bad.kind, res, changed.length > 0);
    if (problems.length) failures.push(`[${bad.kind}] ${describeCase(bad)} -> ${res.status} ${res.text.slice(0, 100)}: ${problems.join('; ')}`);
  }
  perPath.set(door.name, door.cases.length);
  return failures;
}

beforeAll(async () => {
  world = await buildWorld();
  const db = world.s.db.db;
  // Enough inventory for every valid Get My Look a generated case may make (a Fashion Icon's 20 a day).
  for (let i = 0; i < 25; i++) await insertLook(db, STOCKED);
  for (let i = 0; i < 6; i++) await insertLook(db, STOCKED_ELEGANT);
  victims = await makeVictims(world);
}, 120_000);
afterAll(() => world?.close());

describe('malformed requests to every REST path', () => {
  for (const route of restRoutes) {
    it(`${routeKey(route)}: no 5xx, { error, message } and nothing changed on every refusal`, async () => {
      const procedure = procedureOf(route);
      const fields = inputFields(route.input);
      const failures = await tryDoor({
        name: routeKey(route),
        procedure,
        principal: callerOf(route.auth),
        cases: sampleBadRequests({ method: route.method, fields, params: pathParams(route.path) }, REST_CASES, SEED + hash(routeKey(route))),
        build: (base, bad) => buildBadRequest(route, base, bad),
        refuse: (input) => mustRefuse(route, fields, input),
        badRefusal: restRefusal,
        sendAs: (token, built) => send(world.s.url, { ...built.request, token }),
      });
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

describe('malformed requests to every procedure over /trpc', () => {
  for (const [procedure, type] of procedures()) {
    it(`${procedure}: no 5xx, an error with its code and nothing changed on every refusal`, async () => {
      const parser = procedureInput(procedure);
      const fields = inputFields(parser);
      const rows = restRoutes.filter((r) => procedureOf(r) === procedure);
      const failures = await tryDoor({
        name: `/trpc/${procedure}`,
        procedure,
        principal: rows[0] ? callerOf(rows[0].auth) : procedure.startsWith('admin.') ? 'admin' : 'icon',
        cases: sampleBadRequests({ method: type === 'query' ? 'GET' : 'POST', fields, params: [] }, TRPC_CASES, SEED + hash(procedure)),
        build: (base, bad) => buildBadTrpcRequest(procedure, type, base, bad),
        refuse: (input) => procedureMustRefuse(parser, fields, input),
        badRefusal: trpcRefusal,
        sendAs: (token, built) => send(world.s.url, { ...built.request, token }),
      });
      expect(failures).toEqual([]);
    }, 120_000);
  }
});

/** One case of a path outside the REST table: the request, and whether the server must refuse it. */
interface FileRouteCase {
  kind: BadKind | BadUploadKind;
  describe: string;
  request: RawRequest;
  mustRefuse: boolean;
}

/**
 * The cases of a file route (closet-routes.ts), sent as a Fashion Icon: judged as tryDoor judges
 * a REST row's, and a refusal must also leave the private area's closet files as they were.
 */
async function tryFileRoute(name: string, cases: FileRouteCase[]): Promise<string[]> {
  const db = world.s.db.db;
  const token = world.tokens.icon;
  const state = async () => ({ db: await databaseFingerprint(db, world.s.db.pool), files: (await closetFiles(world.s.storage)).join() });
  let before = await state();
  const failures: string[] = [];
  for (const c of cases) {
    const res = await send(world.s.url, { ...c.request, token });
    const problems: string[] = [];
    if (res.status >= 500) problems.push('5xx');
    let changed: string[] = [];
    if (res.status >= 300) {
      const refusal = restRefusal(res);
      if (refusal) problems.push(refusal);
      const after = await state();
      changed = changedTables(before.db, after.db);
      if (after.files !== before.files) changed.push('closet files');
      if (changed.length) problems.push(`changed ${changed.join(', ')}`);
      before = after;
    } else {
      if (c.mustRefuse) problems.push('accepted a request it must refuse');
      before = await state();
    }
    tally('REST', c.kind, res, changed.length > 0);
    if (problems.length) failures.push(`[${c.kind}] ${c.describe} -> ${res.status} ${res.text.slice(0, 100)}: ${problems.join('; ')}`);
  }
  perPath.set(name, cases.length);
  return failures;
}

describe('malformed requests to the API paths outside the REST table', () => {
  it(`${closetUploadRoute.method} ${closetUploadRoute.path}: no 5xx, { error, message } and nothing changed or stored on every refusal`, async () => {
    const tiny = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') => plainPhoto('#2e6fd8', format, 48);
    const jpeg = await tiny('jpeg');
    const huge = Buffer.alloc(11 * 1024 * 1024, 0xff);
    huge.set(jpeg.subarray(0, 4));
    const photos: UploadPhotos = {
      jpeg, png: await tiny('png'), webp: await tiny('webp'), gif: await tiny('gif'), tiff: await tiny('tiff'),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>'),
      text: Buffer.from('Not a photo: a shopping list.\n'), empty: Buffer.alloc(0),
      truncated: (await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c81419' } }).jpeg().toBuffer()).subarray(0, 400),
      bomb: bombPng(), huge,
    };
    const name = `${closetUploadRoute.method} ${closetUploadRoute.path}`;
    const cases = sampleBadUploads(REST_CASES, SEED + hash(name)).map((c) => ({
      kind: c.kind, describe: JSON.stringify({ ...c, kind: undefined }, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}…(${v.length})` : v)).slice(0, 200),
      request: uploadRequest(c, photos), mustRefuse: !mayAccept(c),
    }));
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(BAD_UPLOAD_KINDS));
    expect(await tryFileRoute(name, cases)).toEqual([]);
  }, 120_000);

  for (const route of [closetPhotoRoute, closetThumbnailRoute]) {
    it(`${route.method} ${route.path}: no 5xx, { error, message } and nothing changed on every refusal`, async () => {
      // The path as a row of the table would be: its id from the path, the schema the route parses.
      const row = { method: route.method, path: route.path, input: route.params, read: (req: { params: Record<string, string>; query: Record<string, unknown> }) => ({ ...req.query, ...req.params }) } as unknown as RestRoute;
      const fields = inputFields(route.params);
      const name = `${route.method} ${route.path}`;
      const base = { id: world.holdings.icon.closetPiece };
      const cases = sampleBadRequests({ method: route.method, fields, params: pathParams(route.path) }, REST_CASES, SEED + hash(name)).map((bad) => {
        const built = buildBadRequest(row, base, bad);
        // Only the caller's own piece may be answered: any other id is refused whatever its form.
        const own = built.input !== UNREADABLE && String((built.input as { id?: unknown }).id).toLowerCase() === base.id;
        return { kind: bad.kind, describe: describeCase(bad), request: built.request, mustRefuse: mustRefuse(row, fields, built.input) || !own };
      });
      expect(await tryFileRoute(name, cases)).toEqual([]);
    }, 120_000);
  }
});

describe('the cases tried', () => {
  it('reaches every REST path with at least 50 requests, and reports them by kind', () => {
    const rest = [...perPath].filter(([name]) => !name.startsWith('/trpc'));
    expect(rest.length).toBe(restRoutes.length + 3);
    expect(Math.min(...rest.map(([, n]) => n))).toBeGreaterThanOrEqual(50);
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    for (const door of ['REST', 'tRPC']) {
      for (const kind of [...BAD_KINDS, ...BAD_UPLOAD_KINDS]) {
        const t = byKind.get(`${door} ${kind}`);
        if (!t) continue;
        recordCase({ section: 'bad-input', name: `${door}: ${kind}`, ok: t.fiveXx === 0 && t.dbChanged === 0, figures: { ...t } });
      }
      const all = [...byKind].filter(([k]) => k.startsWith(`${door} `)).map(([, t]) => t);
      const sum = (f: keyof Tally) => all.reduce((n, t) => n + t[f], 0);
      const counts = [...perPath].filter(([p]) => p.startsWith('/trpc') === (door === 'tRPC')).map(([, n]) => n);
      recordCase({
        section: 'bad-input', name: `${door}: every malformed request (total)`, ok: sum('fiveXx') === 0 && sum('dbChanged') === 0,
        figures: { paths: counts.length, minPerPath: Math.min(...counts), cases: sum('cases'), accepted: sum('accepted'), refused: sum('refused'), fiveXx: sum('fiveXx'), dbChanged: sum('dbChanged'), seconds },
        notes: `fixed seed ${SEED}; accepted cases are valid for their schema; tables written on refusal by design: ${WRITTEN_WHEN_REFUSED.join(', ')}`,
      });
    }
  });
});
