import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '@drape/api';
import { APP_ERRORS, AUDIT_ACTIONS } from '@drape/contracts';
import { recordCase } from '@drape/stress';
import { ACCESS, PRINCIPALS, procedureOfKey, type Principal } from './access-expectations';
import { INPUTS } from './access-inputs';
import { callContext, makeVictims, type Victims } from './call-context';
import { procedureOf, procedures, restRequest, routeKey, trpcRequest } from './calls';
import { send } from './http';
import { insertLook, STOCKED, STOCKED_ELEGANT } from './looks';
import { ownerFingerprint, type Fingerprint, type OwnerIds } from './snapshots';
import { buildWorld, type World } from './world';

/**
 * Issue 15 §1: every procedure, by each of its doors (its REST rows and /trpc), called by every
 * principal with a valid input, answers the status access-expectations.ts gives; the owner's data
 * is unchanged by everybody else's calls, and none of it shows in their answers.
 */
const PROCEDURES = procedures();
const ROUTES = new Map(restRoutes.map((r) => [routeKey(r), r]));

interface Outcome {
  key: string;
  door: string;
  principal: Principal;
  expected: number;
  status: number;
  problem: string | null;
}

let world: World;
let victims: Victims;
let owner: OwnerIds;
let ownerBefore: Fingerprint;
let outcomes: Outcome[] = [];
let seconds = 0;

/** What a refusal must say, by door: REST `{ error, message }`, tRPC its error with the application code. */
function refusalProblem(door: string, status: number, body: unknown, procedure: string): string | null {
  if (status < 400) return null;
  const json = body as Record<string, any> | undefined;
  const code = door === 'tRPC' ? json?.error?.data?.appCode : json?.error;
  const message = door === 'tRPC' ? json?.error?.message : json?.message;
  if (typeof code !== 'string' || typeof message !== 'string') return `no { error, message }: ${JSON.stringify(body).slice(0, 120)}`;
  // The two sign-in refusals say which door to go back to (the spec's messages).
  if (status === 401 && procedure.startsWith('admin.') && procedure !== 'admin.login' && (code !== 'admin_unauthorized' || message !== APP_ERRORS.admin_unauthorized.message)) return `401 ${code}: ${message}`;
  if (status === 401 && !procedure.startsWith('admin.') && code !== 'unauthorized') return `401 ${code}: ${message}`;
  return null;
}

/** Owner data that must not appear in anybody else's answers. */
function ownerSecrets(): string[] {
  const h = world.holdings.owner;
  return [world.users.owner.email, h.notes, h.wardrobeItem, h.savedLook, h.servedLook];
}

async function runPrincipal(principal: Principal): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const secrets = principal === 'admin' ? [] : ownerSecrets();
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
      const res = await send(world.s.url, { ...request, token });
      const cell = row.expect[principal];
      const expected = cell !== 'ok' ? cell : door === 'tRPC' ? 200 : (door.status ?? 200);
      const doorName = door === 'tRPC' ? 'tRPC' : routeKey(door);
      const leaked = secrets.filter((s) => res.text.includes(s));
      const problem = refusalProblem(door === 'tRPC' ? 'tRPC' : 'REST', res.status, res.json, procedure)
        ?? (leaked.length ? `shows the owner's ${leaked.join(', ')}` : null);
      results.push({ key, door: doorName, principal, expected, status: res.status, problem });
    }
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
    privateLooks: [h.servedLook, h.savedLook], looks: [h.servedLook, h.savedLook, h.sharedLook], blockedImages: [victims.blocked],
  };
  ownerBefore = await ownerFingerprint(db, owner);
  const started = performance.now();
  outcomes = (await Promise.all(PRINCIPALS.map(runPrincipal))).flat();
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

  it("agrees with each REST row's documented access (OpenAPI)", () => {
    const problems: string[] = [];
    for (const route of restRoutes) {
      const [, row] = Object.entries(ACCESS).find(([, r]) => r.rest.includes(routeKey(route))) ?? [];
      if (!row) continue;
      const admitted = PRINCIPALS.filter((p) => row.expect[p] !== 401);
      const documented = route.auth === 'admin' ? ['admin'] : route.auth === 'user' ? ['enthusiast', 'stylist', 'collector', 'icon', 'other'] : [...PRINCIPALS];
      if (admitted.join() !== documented.join()) problems.push(`${routeKey(route)} is documented '${route.auth}' but admits ${admitted.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers every call of every principal as the table says', () => {
    const failures = outcomes.filter((o) => o.status !== o.expected || o.problem)
      .map((o) => `${o.key} by ${o.principal} via ${o.door}: ${o.status}, expected ${o.expected}${o.problem ? ` (${o.problem})` : ''}`);
    const restDoors = outcomes.filter((o) => o.door !== 'tRPC').length;
    recordCase({
      section: 'matrix', name: 'every REST path and tRPC procedure x 9 principals -> expected status', ok: failures.length === 0,
      figures: { calls: outcomes.length, restCalls: restDoors, trpcCalls: outcomes.length - restDoors, procedures: PROCEDURES.size, restPaths: restRoutes.length, principals: PRINCIPALS.length, mismatches: failures.length, seconds: Number(seconds.toFixed(1)) },
    });
    expect(outcomes.length).toBeGreaterThan(PRINCIPALS.length * (PROCEDURES.size + restRoutes.length) - 1);
    expect(failures).toEqual([]);
  });

  it("leaves the owner's data as it was: nobody else read or changed it", async () => {
    const after = await ownerFingerprint(world.s.db.db, owner);
    const changed = Object.keys(ownerBefore).filter((k) => ownerBefore[k] !== after[k]);
    recordCase({
      section: 'matrix', name: "another user's ids (looks, wardrobe entries, notes, shares, sessions) never read or change the owner's data", ok: changed.length === 0,
      figures: { callsWithOwnerIds: outcomes.filter((o) => o.principal !== 'admin').length, ownerTablesChanged: changed.length },
    });
    expect(changed).toEqual([]);
  });

  it('audits each admin change that was answered, and nothing for a refused one', async () => {
    const answered = outcomes.filter((o) => o.key.startsWith('admin.') && o.key !== 'admin.login' && PROCEDURES.get(procedureOfKey(o.key)) === 'mutation' && o.status < 300);
    expect(answered.every((o) => o.principal === 'admin')).toBe(true);
    const rows = await world.s.db.db.selectFrom('admin_audit_log').select(['action', 'actor']).execute();
    expect(rows.length).toBe(answered.length);
    expect(rows.every((r) => r.actor === 'ops')).toBe(true);
  });

  it('names an audited admin procedure in each CLI audit action that mirrors one', () => {
    const missing = Object.values(AUDIT_ACTIONS).filter((a) => a.startsWith('admin.') && PROCEDURES.get(a) !== 'mutation');
    expect(missing).toEqual([]);
  });
});
