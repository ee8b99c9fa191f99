import type { z } from 'zod';
import { declaredOutput } from './checked-answers';
import type { ProcedureMeta } from './procedure-meta';
import { appRouter } from './router';

/**
 * The router's procedures as data: path, type, metadata, input and output schemas. tRPC 11 has no
 * public way to list a router's procedures or read their schemas, so this is the one module that
 * reads its definitions (`_def`), as tRPC's own adapters and trpc-to-openapi do; the REST table,
 * the OpenAPI document, /trpc's direct path and the access proofs read it from here
 * (docs/decisions/0027-procedure-metadata.md). procedures.test.ts guards each fact it reads, so a
 * tRPC upgrade that moves one fails a test rather than a request.
 */
export type ProcedureType = 'query' | 'mutation';

export interface ProcedureInfo {
  path: string;
  type: ProcedureType;
  meta: ProcedureMeta;
  /** The schema given to `.input()`, if the procedure takes input. */
  input: z.ZodType | undefined;
  /** The schema given to `.output()` (every procedure has one; a test says so). */
  output: z.ZodType | undefined;
}

interface ProcedureDef {
  type: ProcedureType | 'subscription';
  meta?: ProcedureMeta;
  inputs: z.ZodType[];
  output?: z.ZodType;
}

function readProcedures(): ProcedureInfo[] {
  const all = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(all).map(([path, p]) => {
    const def = p._def;
    if (def.type === 'subscription') throw new Error(`${path}: subscriptions have no REST or direct path`);
    if (def.inputs.length > 1) throw new Error(`${path}: one .input() per procedure`);
    return { path, type: def.type, meta: def.meta ?? {}, input: def.inputs[0], output: declaredOutput(def.output) };
  });
}

export const procedureList: readonly ProcedureInfo[] = readProcedures();
export const procedureByPath: ReadonlyMap<string, ProcedureInfo> = new Map(procedureList.map((p) => [p.path, p]));

/** The router's root configuration (error formatter, transformer): what tRPC's adapters pass around. */
export const routerConfig = appRouter._def._config;
