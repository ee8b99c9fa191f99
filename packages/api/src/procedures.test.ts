import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { procedureByPath, procedureList, routerConfig } from './procedures';
import { restRoutes } from './rest/routes';
import { appRouter } from './router';

/**
 * Issue 17, each procedure declares itself once: the structure rules, and the facts this package
 * reads from tRPC's definitions (docs/decisions/0027-procedure-metadata.md), so a tRPC upgrade
 * that moves one fails here.
 */
describe('every procedure', () => {
  it('declares its answer (.output()) and its REST row or none (.meta({ rest }))', () => {
    expect(procedureList.length).toBeGreaterThan(80);
    expect(procedureList.filter((p) => !(p.output instanceof z.ZodType)).map((p) => p.path), 'without .output()').toEqual([]);
    expect(procedureList.filter((p) => p.meta.rest === undefined).map((p) => p.path), 'without .meta({ rest })').toEqual([]);
    expect(procedureList.filter((p) => !p.meta.access).map((p) => p.path), 'built on no access builder').toEqual([]);
  });

  it('that changes the admin area is audited, and only admin procedures are', () => {
    const admin = procedureList.filter((p) => p.meta.access === 'admin');
    expect(admin.filter((p) => p.type === 'mutation' && !p.meta.audit).map((p) => p.path), 'admin changes without an audit target').toEqual([]);
    expect(procedureList.filter((p) => p.meta.audit && p.meta.access !== 'admin').map((p) => p.path)).toEqual([]);
    // An audit target read from the input names a field the input has.
    for (const p of procedureList) {
      const target = p.meta.audit?.target;
      if (!target || !('input' in target)) continue;
      const shape = (p.input as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape), `${p.path} audits input.${target.input}`).toContain(target.input);
    }
  });

  it('is closed during maintenance unless it is the admin area or the status the maintenance page reads', () => {
    const open = procedureList.filter((p) => p.meta.maintenance === 'open').map((p) => p.path);
    expect(open.filter((path) => !path.startsWith('admin.'))).toEqual(['meta.version', 'meta.platform']);
    expect(procedureList.filter((p) => p.path.startsWith('admin.') && p.meta.maintenance !== 'open').map((p) => p.path)).toEqual([]);
  });

  it('has at most one REST row, each path and method once', () => {
    const keys = restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(restRoutes.length).toBe(procedureList.filter((p) => p.meta.rest).length);
  });
});

describe("what is read from tRPC's definitions", () => {
  it('is what tRPC itself exposes: the procedure and its metadata, its type, its schemas, the root config', () => {
    const all = appRouter._def.procedures as unknown as Record<string, { meta?: unknown; _def: { type: string } }>;
    expect(Object.keys(all).sort()).toEqual(procedureList.map((p) => p.path).sort());
    for (const p of procedureList) {
      // tRPC's public `procedure.meta` is the same object as the definition's.
      expect(all[p.path]!.meta, p.path).toBe(p.meta);
      expect(['query', 'mutation']).toContain(p.type);
    }
    expect(procedureByPath.get('auth.login')).toMatchObject({ type: 'mutation' });
    expect(procedureByPath.get('user.profile')).toMatchObject({ type: 'query', input: undefined });
    expect(procedureByPath.get('wardrobe.save')!.input!.safeParse({ imageId: 'not an id' }).success).toBe(false);
    // The root config is what tRPC's error shaping takes: our formatter puts the application code in.
    const shape = getTRPCErrorShape({ config: routerConfig, error: new TRPCError({ code: 'NOT_FOUND' }), type: 'query', path: 'x', input: undefined, ctx: undefined });
    expect(shape.data).toMatchObject({ appCode: 'not_found', httpStatus: 404 });
  });
});

describe("tRPC's definitions (`_def`)", () => {
  it('are read by procedures.ts alone (and this test), so one module says what is read and why', () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const readers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && /\._def\b/.test(fs.readFileSync(full, 'utf8'))) readers.push(path.relative(repo, full));
      }
    };
    for (const top of ['apps', 'packages', 'pipeline', 'bench', 'stress', 'scripts', 'e2e']) if (fs.existsSync(path.join(repo, top))) walk(path.join(repo, top));
    expect(readers.sort()).toEqual(['packages/api/src/procedures.test.ts', 'packages/api/src/procedures.ts']);
  });
});
