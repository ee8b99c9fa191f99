import type { z } from 'zod';

/**
 * What the bad-input proof needs to know of a Zod 4 input schema: its fields, each field's kind
 * and whether it may be left out. Read from the schemas' own definitions (`_zod.def`), so that a
 * field added to a contract is tried without touching the proof.
 */
export type FieldKind = 'text' | 'uuid' | 'email' | 'date' | 'number' | 'boolean' | 'enum' | 'literal' | 'object' | 'array' | 'unknown';

export interface FieldShape {
  kind: FieldKind;
  /** Must be given (not optional, no default). */
  required: boolean;
  /** Enum and literal values. */
  values?: string[];
  maxLength?: number;
  /** A number read from a string as well (z.coerce, or a query-string preprocess). */
  lenient?: boolean;
  fields?: Record<string, FieldShape>;
}

interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  checks?: { _zod: { def: { check: string; maximum?: number; format?: string } } }[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const FORMATS: Record<string, FieldKind> = { uuid: 'uuid', guid: 'uuid', email: 'email', date: 'date' };

function stringShape(def: Def): FieldShape {
  const format = def.format ?? def.checks?.map((c) => c._zod.def.format).find((f) => f && FORMATS[f]);
  const max = def.checks?.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
  return { kind: (format && FORMATS[format]) || 'text', required: true, ...(max !== undefined ? { maxLength: max } : {}) };
}

export function shapeOf(schema: z.ZodType): FieldShape {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return { ...shapeOf(def.innerType!), required: false };
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapeOf(def.innerType!);
    case 'pipe': {
      // A preprocess (a transform in front) reads whatever arrives and hands it on: the field is
      // what comes out; otherwise what goes in, with a format the out side checks (email).
      if (defOf(def.in!).type === 'transform') return { ...shapeOf(def.out!), lenient: true };
      const inner = shapeOf(def.in!);
      const out = defOf(def.out!);
      return inner.kind === 'text' && out.type === 'string' ? { ...stringShape(out), required: inner.required, maxLength: inner.maxLength ?? stringShape(out).maxLength } : inner;
    }
    case 'union': {
      const options = def.options!.map(shapeOf);
      return options.find((o) => o.kind !== 'literal') ?? options[0]!;
    }
    case 'string':
      return stringShape(def);
    case 'number':
      return { kind: 'number', required: true, ...(def.coerce ? { lenient: true } : {}) };
    case 'boolean':
      return { kind: 'boolean', required: true };
    case 'enum':
      return { kind: 'enum', required: true, values: Object.values(def.entries!) };
    case 'literal':
      return { kind: 'literal', required: true, values: def.values!.map(String) };
    case 'array':
      return { kind: 'array', required: true };
    case 'object':
      return { kind: 'object', required: true, fields: Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, shapeOf(v)])) };
    default:
      return { kind: 'unknown', required: true };
  }
}

/** The fields of an input schema (an object, perhaps behind a default); none for no schema. */
export function inputFields(schema: z.ZodType | undefined): Record<string, FieldShape> {
  if (!schema) return {};
  return shapeOf(schema).fields ?? {};
}
