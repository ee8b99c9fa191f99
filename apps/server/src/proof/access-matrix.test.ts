import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '@drape/api';
import { APP_ERRORS } from '@drape/contracts';
import { AUDIT_ACTIONS, AUDIT_KEPT_FIELDS, AUDIT_LOGIN, AUDIT_REFUSED_CALL } from '@drape/contracts/admin';
import { recordCase } from '@drape/stress';
import { buildApp } from '../app';
import {
  ACCESS, AUDITED, AUDITED_READS, EXTRA_PATHS, PRINCIPALS, procedureOfKey, REFUSAL_REASON, USER_PRINCIPALS, type Principal, type Statuses,
} from './access-expectations';
import { EXTRA_INPUTS, INPUTS, NEW_PASSWORD } from './access-inputs';
import { callContext, makeVictims, type Victims } from './call-context';
import { pathParams, procedureOf, procedures, restRequest, routeKey, trpcRequest } from './calls';
import { JSON_BODY, send, type RawRequest } from './http';
import { insertLook, STOCKED, STOCKED_ELEGANT } from './looks';
import { ownerFingerprint, type Fingerprint, type OwnerIds } from './snapshots';
import { ADMIN_PASSWORD, buildWorld, PASSWORD, type World } from './world';

/**
 * Issue 15 §1: every procedure, by each of its doors (its REST rows and /trpc), and every other API
 * path of the server, called by every principal with a valid input, answers the status
 * access-expectations.ts gives; the owner's data is unchanged by everybody else's calls, and none
 * of it shows in their answers. The admin area's audit log holds exactly what the calls earned: a
 * row for each answered change and audited read, and every refusal counted under its reason.
 */
const PROCEDURES = procedures();
const ROUTES = new Map(restRoutes.map((r) => [routeKey(r), r]));
type Refused = Exclude<Principal, 'admin'>;
const REFUSED = PRINCIPALS.filter((p): p is Refused => p !== 'admin');
/**
 * Each refused principal knocks on the admin area from one address of its own (TEST-NET-1, never
 * one of the per-call addresses), so its refusals coalesce on one audit row a window, whose count
 * must be its calls.
 */
const REFUSAL_ADDRESS = Object.fromEntries(REFUSED.map((p, i) => [p, `192.0.2.${i + 1}`])) as Record<Refused, string>;
/** Who probes the admin area with no valid input: what an attacker sends before knowing the inputs. */
const PROBERS = ['anon', 'enthusiast'] as const satisfies readonly Refused[];
const ANY_ID = '00000000-0000-4000-8000-000000000001';
const FILE_ROUTE = 'GET /api/admin/blocked-images/:id/image';

interface Outcome {
  key: string;
  door: string;
  principal: Principal;
  expected: number;
  status: number;
  problem: string | null;
  /** The client address it was sent from (audit rows name it). */
  address: string;
}

let world: World;
let victims: Victims;
let owner: OwnerIds;
let ownerBefore: Fingerprint;
let outcomes: Outcome[] = [];
let probes: Outcome[] = [];
/** The audit log's last row before the run. */
let auditStart = '0';
/** Every credential the run sent: none may be written to the audit log. */
const sentTokens = new Set<string>();
let seconds = 0;

/** An admin procedure or API path: all but the sign-in. */
const isAdminPath = (procedureOrPath: string) =>
  (procedureOrPath.startsWith('admin.') && procedureOrPath !== 'admin.login') || /^[A-Z]+ \/api\/admin\/(?!login$)/.test(procedureOrPath);

/** What a refusal must say, by door: REST `{ error, message }`, tRPC its error with the application code. */
function refusalProblem(door: 'tRPC' | 'REST', status: number, body: unknown, adminPath: boolean): string | null {
  if (status < 400) return null;
  const json = body as Record<string, any> | undefined;
  const code = door === 'tRPC' ? json?.error?.data?.appCode : json?.error;
  const message = door === 'tRPC' ? json?.error?.message : json?.message;
  if (typeof code !== 'string' || typeof message !== 'string') return `no { error, message }: ${JSON.stringify(body).slice(0, 120)}`;
  // The two sign-in refusals say which door to go back to (the spec's messages).
  if (status === 401 && adminPath && (code !== 'admin_unauthorized' || message !== APP_ERRORS.admin_unauthorized.message)) return `401 ${code}: ${message}`;
  if (status === 401 && !adminPath && code !== 'unauthorized') return `401 ${code}: ${message}`;
  return null;
}

/** Owner data that must not appear in anybody else's answers. */
function ownerSecrets(): string[] {
  const h = world.holdings.owner;
  return [world.users.owner.email, h.notes, h.wardrobeItem, h.savedLook, h.servedLook, h.piece, h.archivedLook, h.closetPiece, world.ownerReferral.friendEmail, world.ownerReferral.friendId];
}

const expectedStatus = (cell: Statuses[Principal], declared: number) => (cell === 'ok' ? declared : cell);

async function runPrincipal(principal: Principal): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const secrets = principal === 'admin' ? [] : ownerSecrets();
  const sendAs = async (request: RawRequest, token: string | null, adminPath: boolean) => {
    if (token) sentTokens.add(token);
    const from: Record<string, string> = adminPath && principal !== 'admin' ? { 'x-forwarded-for': REFUSAL_ADDRESS[principal] } : {};
    return send(world.s.url, { ...request, headers: { ...request.headers, ...from }, token });
  };
  const judge = async (key: string, door: string, request: RawRequest, token: string | null, adminPath: boolean, cell: Statuses[Principal], declared: number) => {
    const res = await sendAs(request, token, adminPath);
    const leaked = secrets.filter((s) => res.text.includes(s));
    const problem = refusalProblem(door === 'tRPC' ? 'tRPC' : 'REST', res.status, res.json, adminPath) ?? (leaked.length ? `shows the owner's ${leaked.join(', ')}` : null);
    results.push({ key, door, principal, expected: expectedStatus(cell, declared), status: res.status, problem, address: res.address });
  };

  for (const [key, row] of Object.entries(ACCESS)) {
    const procedure = procedureOfKey(key);
    const type = PROCEDURES.get(procedure);
    const make = INPUTS[key];
    if (!type || !make) continue; // the coverage test names it
    const doors: (RestRoute | 'tRPC')[] = [...row.rest.map((r) => ROUTES.get(r)).filter((r): r is RestRoute => r !== undefined), 'tRPC'];
    for (const door of doors) {
      const call = await make(callContext(world, principal, procedure, victims));
      const token = call.token !== undefined ? call.token : world.tokens[principal];
      const request = door === 'tRPC' ? trpcRequest(procedure, type, call.input) : restRequest(door, call.input);
      await judge(key, door === 'tRPC' ? 'tRPC' : routeKey(door), request, token, isAdminPath(procedure), row.expect[principal], door === 'tRPC' ? 200 : (door.status ?? 200));
    }
  }
  for (const [key, row] of Object.entries(EXTRA_PATHS)) {
    const make = EXTRA_INPUTS[key];
    if (!make) continue;
    const made = await make(callContext(world, principal, key, victims));
    const request = typeof made === 'string' ? { method: key.split(' ')[0]!, path: made } : made;
    await judge(key, key, request, world.tokens[principal], isAdminPath(key), row.expect[principal], row.status ?? 200);
  }
  return results;
}

/** A concrete path of a REST row, every parameter an id nobody has (or a combination code). */
const concrete = (route: RestRoute) => pathParams(route.path).reduce((p, name) => p.replace(`:${name}`, /code/i.test(name) ? 'F-T-oceandepths' : ANY_ID), route.path);

/**
 * Every admin path but the sign-in, with no valid input (an empty body, no query, made-up ids), by
 * REST and tRPC: the gate answers before the input is read, so a caller without an admin token
 * learns nothing of what a path takes.
 */
async function probeAdminArea(principal: (typeof PROBERS)[number]): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const token = world.tokens[principal];
  const headers = { 'x-forwarded-for': REFUSAL_ADDRESS[principal] };
  const requests: [string, string, RawRequest][] = [
    ...restRoutes.filter((r) => isAdminPath(procedureOf(r))).map((r): [string, string, RawRequest] => [
      procedureOf(r), routeKey(r),
      r.method === 'GET' || r.method === 'DELETE' ? { method: r.method, path: concrete(r) } : { method: r.method, path: concrete(r), headers: { ...JSON_BODY }, body: '{}' },
    ]),
    ...[...PROCEDURES].filter(([p]) => isAdminPath(p)).map(([p, type]): [string, string, RawRequest] => [p, 'tRPC', trpcRequest(p, type, undefined)]),
  ];
  for (const [key, door, request] of requests) {
    const res = await send(world.s.url, { ...request, headers: { ...request.headers, ...headers }, token });
    results.push({ key, door, principal, expected: 401, status: res.status, problem: refusalProblem(door === 'tRPC' ? 'tRPC' : 'REST', res.status, res.json, true), address: res.address });
  }
  return results;
}

beforeAll(async () => {
  world = await buildWorld();
  const db = world.s.db.db;
  // Get My Look's inventory: every user's two plain and two personalised calls find a look.
  for (let i = 0; i < 4; i++) await insertLook(db, STOCKED);
  for (let i = 0; i < 4; i++) await insertLook(db, STOCKED_ELEGANT);
  victims = await makeVictims(world);
  const h = world.holdings.owner;
  owner = {
    userId: world.users.owner.id, email: world.users.owner.email,
    privateLooks: [h.servedLook, h.savedLook, h.archivedLook], looks: [h.servedLook, h.savedLook, h.sharedLook, h.archivedLook],
    blockedImages: [victims.blocked], referralFriends: [world.ownerReferral.friendId],
  };
  ownerBefore = await ownerFingerprint(db, owner);
  for (const t of Object.values(world.tokens)) if (t) sentTokens.add(t);
  auditStart = String((await db.selectFrom('admin_audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? '0');
  world.fixtureAddresses.clear();
  const started = performance.now();
  [outcomes, probes] = await Promise.all([
    Promise.all(PRINCIPALS.map(runPrincipal)).then((r) => r.flat()),
    Promise.all(PROBERS.map(probeAdminArea)).then((r) => r.flat()),
  ]);
  seconds = (performance.now() - started) / 1000;
}, 240_000);
afterAll(() => world?.close());

describe('the authorisation matrix', () => {
  it('has a row for every procedure and every REST path, and a valid call for every row', () => {
    const keys = Object.keys(ACCESS);
    const rowProcedures = new Set(keys.map(procedureOfKey));
    expect([...PROCEDURES.keys()].filter((p) => !rowProcedures.has(p)), 'procedures without a row').toEqual([]);
    expect([...rowProcedures].filter((p) => !PROCEDURES.has(p)), 'rows of no procedure').toEqual([]);
    // Each REST row is listed under the procedure it calls, and only there.
    const problems: string[] = [];
    for (const route of restRoutes) {
      const procedure = procedureOf(route);
      const listed = keys.filter((k) => ACCESS[k]!.rest.includes(routeKey(route)));
      if (listed.length === 0) problems.push(`${routeKey(route)} has no row`);
      for (const k of listed) if (procedureOfKey(k) !== procedure) problems.push(`${routeKey(route)} calls ${procedure}, listed under ${k}`);
    }
    for (const [k, row] of Object.entries(ACCESS)) for (const r of row.rest) if (!ROUTES.has(r)) problems.push(`${k} lists ${r}, which is no REST row`);
    expect(problems).toEqual([]);
    expect(keys.filter((k) => !INPUTS[k]), 'rows without an input').toEqual([]);
    expect(Object.keys(INPUTS).filter((k) => !ACCESS[k]), 'inputs without a row').toEqual([]);
  });

  it('has a row for every other API path the server registers', async () => {
    const registered: string[] = [];
    // The same app as the server's, in another instance, listing its routes as Fastify registers them.
    const app = await buildApp({ services: world.s.services, serveApps: false, onRoute: (r) => {
      // The API, and the operator's paths at the top level (/healthz, /readyz, /metrics).
      for (const method of [r.method].flat()) if (method !== 'HEAD' && (r.url.startsWith('/api/') || /^\/[a-z]+$/.test(r.url))) registered.push(`${method} ${r.url}`);
    } });
    await app.ready();
    await app.close();
    const extra = registered.filter((k) => !ROUTES.has(k)).sort();
    expect(extra, 'API and operator paths outside the REST table').toEqual(Object.keys(EXTRA_PATHS).sort());
    expect(Object.keys(EXTRA_INPUTS).sort()).toEqual(Object.keys(EXTRA_PATHS).sort());
  });

  it("agrees with each REST row's documented access (OpenAPI); the admin area is every /api/admin path but the sign-in", () => {
    const problems: string[] = [];
    for (const route of restRoutes) {
      const [, row] = Object.entries(ACCESS).find(([, r]) => r.rest.includes(routeKey(route))) ?? [];
      if (!row) continue;
      const admitted = PRINCIPALS.filter((p) => row.expect[p] !== 401);
      const documented = route.auth === 'admin' ? ['admin'] : route.auth === 'user' ? [...USER_PRINCIPALS] : [...PRINCIPALS];
      if (admitted.join() !== documented.join()) problems.push(`${routeKey(route)} is documented '${route.auth}' but admits ${admitted.join(', ')}`);
      if (route.path.startsWith('/api/admin/') !== (route.auth === 'admin') && route.path !== '/api/admin/login') problems.push(`${routeKey(route)} is '${route.auth}'`);
    }
    expect(problems).toEqual([]);
    expect(ROUTES.get('POST /api/admin/login')?.auth).toBe('public');
  });

  it('answers every call of every principal as the table says', () => {
    const failures = outcomes.filter((o) => o.status !== o.expected || o.problem)
      .map((o) => `${o.key} by ${o.principal} via ${o.door}: ${o.status}, expected ${o.expected}${o.problem ? ` (${o.problem})` : ''}`);
    const restDoors = outcomes.filter((o) => o.door !== 'tRPC').length;
    recordCase({
      section: 'matrix', name: `every REST path, tRPC procedure and other API path x ${PRINCIPALS.length} principals -> expected status`, ok: failures.length === 0,
      figures: {
        calls: outcomes.length, restCalls: restDoors, trpcCalls: outcomes.length - restDoors, procedures: PROCEDURES.size, restPaths: restRoutes.length,
        otherPaths: Object.keys(EXTRA_PATHS).length, principals: PRINCIPALS.length, mismatches: failures.length, seconds: Number(seconds.toFixed(1)),
      },
    });
    expect(outcomes.length).toBeGreaterThan(PRINCIPALS.length * (PROCEDURES.size + restRoutes.length) - 1);
    expect(failures).toEqual([]);
    // The limits are not what the matrix measures: no call was over one (sign-in locks included).
    expect(outcomes.filter((o) => o.status === 429).map((o) => `${o.key} by ${o.principal} via ${o.door}`)).toEqual([]);
  });

  it('refuses a caller without an admin token before reading its input, on every admin path and procedure', () => {
    const failures = probes.filter((o) => o.status !== 401 || o.problem).map((o) => `${o.key} via ${o.door} by ${o.principal}: ${o.status} ${o.problem ?? ''}`);
    recordCase({ section: 'matrix', name: 'the admin area, with no valid input and no admin token -> 401 before the input is read', ok: failures.length === 0, figures: { calls: probes.length, mismatches: failures.length } });
    expect(probes.length).toBeGreaterThan(PROBERS.length * 2 * restRoutes.filter((r) => r.auth === 'admin').length - 1);
    expect(failures).toEqual([]);
  });

  it("leaves the owner's data as it was: nobody else read or changed it", async () => {
    const after = await ownerFingerprint(world.s.db.db, owner);
    const changed = Object.keys(ownerBefore).filter((k) => ownerBefore[k] !== after[k]);
    recordCase({
      section: 'matrix', name: "another user's ids (looks, wardrobe entries, notes, shares, sessions, referrals) never read or change the owner's data", ok: changed.length === 0,
      figures: { callsWithOwnerIds: outcomes.filter((o) => o.principal !== 'admin').length, ownerTablesChanged: changed.length },
    });
    expect(changed).toEqual([]);
  });

  describe('the audit log', () => {
    type Row = { id: string; actor: string; actor_kind: string; action: string; outcome: string; target_type: string | null; target_id: string | null; details: unknown; ip_address: string | null; repeats: number };
    let rows: Row[] = [];
    beforeAll(async () => {
      rows = (await world.s.db.db.selectFrom('admin_audit_log')
        .select(['id', 'actor', 'actor_kind', 'action', 'outcome', 'target_type', 'target_id', 'details', 'ip_address', 'repeats'])
        .where('id', '>', auditStart).orderBy('id').execute()) as Row[];
    });
    const at = (address: string) => rows.filter((r) => r.ip_address === address);
    /** A call that writes its own row when answered: an admin change, an audited read, a sign-in. */
    const audited = (o: Outcome) => {
      const procedure = procedureOfKey(o.key);
      return o.status < 300 && (AUDITED.has(procedure) || procedure === AUDIT_LOGIN);
    };

    it('has one row for each admin change, audited read and sign-in that was answered, and none for any other call', () => {
      const answeredChanges = outcomes.filter((o) => isAdminPath(procedureOfKey(o.key)) && PROCEDURES.get(procedureOfKey(o.key)) === 'mutation' && o.status < 300);
      expect(answeredChanges.length).toBeGreaterThan(0);
      expect(answeredChanges.filter((o) => o.principal !== 'admin')).toEqual([]);
      const problems: string[] = [];
      for (const o of outcomes.filter((x) => !Object.values(REFUSAL_ADDRESS).includes(x.address))) {
        const mine = at(o.address);
        const what = `${o.key} by ${o.principal} via ${o.door} (${o.status})`;
        if (!audited(o)) {
          if (mine.length) problems.push(`${what} wrote ${mine.map((r) => `${r.action}/${r.outcome}`).join(', ')}`);
          continue;
        }
        const procedure = procedureOfKey(o.key);
        const ok = mine.length === 1 && mine[0]!.outcome === 'ok' && mine[0]!.action === procedure && mine[0]!.actor_kind === 'admin' && mine[0]!.repeats === 1
          && (procedure === AUDIT_LOGIN ? mine[0]!.actor.startsWith('proof-') : mine[0]!.actor === 'ops');
        if (!ok) problems.push(`${what} wrote ${JSON.stringify(mine)}`);
      }
      expect(problems).toEqual([]);
      // The audited reads are each answered at least once, so each was seen writing its row.
      for (const read of AUDITED_READS) expect(outcomes.some((o) => o.key === read && audited(o)), read).toBe(true);
      for (const read of AUDITED_READS) expect(AUDIT_KEPT_FIELDS[read], `${read} keeps what the allowlist names`).toBeDefined();
      // The router's audited reads are today's: the user list, the blocked images, a user's referrals.
      expect([...AUDITED_READS].sort()).toEqual(['admin.blocked.list', 'admin.users.list', 'admin.users.referrals']);
    });

    it('counts every refused admin call, under its principal\'s reason, on one row per address and window', () => {
      const problems: string[] = [];
      const targets = new Set([...PROCEDURES.keys()].filter(isAdminPath).concat(FILE_ROUTE));
      const figures: Record<string, number> = {};
      for (const p of REFUSED) {
        const address = REFUSAL_ADDRESS[p];
        const calls = [...outcomes, ...probes].filter((o) => o.address === address).length;
        const mine = at(address);
        const adminKey = ['expiredAdmin', 'revokedAdmin', 'deniedAdmin'].includes(p);
        for (const r of mine) {
          const expected = {
            outcome: 'refused', action: AUDIT_REFUSED_CALL, details: { reason: REFUSAL_REASON[p] }, target_type: 'procedure',
            actor: adminKey ? 'ops' : 'anonymous', actor_kind: adminKey ? 'admin' : 'anonymous',
          };
          const got = { outcome: r.outcome, action: r.action, details: r.details, target_type: r.target_type, actor: r.actor, actor_kind: r.actor_kind };
          if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${p}: ${JSON.stringify(got)}`);
          if (!r.target_id || !targets.has(r.target_id)) problems.push(`${p}: target ${r.target_id}`);
        }
        // A run inside one ten-minute window writes one row; across a window's end, two.
        if (mine.length < 1 || mine.length > 2) problems.push(`${p}: ${mine.length} rows`);
        const counted = mine.reduce((n, r) => n + r.repeats, 0);
        if (counted !== calls) problems.push(`${p}: ${counted} refusals counted of ${calls} calls`);
        figures[p] = calls;
      }
      recordCase({ section: 'matrix', name: 'every refused admin call is in the audit log, counted under its reason (no_token, user_token, expired, revoked, denied, invalid)', ok: problems.length === 0, figures });
      expect(problems).toEqual([]);
      expect(new Set(Object.values(REFUSAL_REASON))).toEqual(new Set(['no_token', 'user_token', 'expired', 'revoked', 'denied', 'invalid']));
    });

    it("holds no row the run did not earn, and no password or token in any", async () => {
      const known = new Set([...outcomes.filter(audited).map((o) => o.address), ...Object.values(REFUSAL_ADDRESS)]);
      const unearned = rows.filter((r) => !known.has(r.ip_address ?? '') && !(world.fixtureAddresses.has(r.ip_address ?? '') && r.action === AUDIT_LOGIN && r.outcome === 'ok'));
      expect(unearned).toEqual([]);
      const everything = JSON.stringify(await world.s.db.db.selectFrom('admin_audit_log').selectAll().execute());
      const secrets = [ADMIN_PASSWORD, PASSWORD, NEW_PASSWORD, ...sentTokens];
      expect(secrets.filter((s) => everything.includes(s)).map((s) => `${s.slice(0, 12)}…`)).toEqual([]);
    });
  });

  it('names an audited admin procedure in each CLI audit action that mirrors one', () => {
    const missing = Object.values(AUDIT_ACTIONS).filter((a) => a.startsWith('admin.') && !(PROCEDURES.get(a) === 'mutation' && AUDITED.has(a)));
    expect(missing).toEqual([]);
  });
});
