import type { z } from 'zod';

/**
 * Answers made of parts already checked against their schema (docs/decisions/0027, amended): the
 * shared LookBook's cards are checked once, when a card is built, not 50 times a page on every
 * call (a page of 50 cost ~0.7 ms of Zod per call, most of a request's CPU under load). A
 * procedure whose `.output()` is `checkedOutput(schema)` then checks only the rest of such an
 * answer; any other answer is parsed in full, as every procedure's is.
 */
const checkedAnswers = new WeakMap<object, () => void>();
const declared = new WeakMap<object, z.ZodType>();

/** Marks `answer` as checked but for what `checkRest` checks (it throws as a Zod parse would). */
export function markChecked<T extends object>(answer: T, checkRest: () => void): T {
  checkedAnswers.set(answer, checkRest);
  return answer;
}

/**
 * The output parser of a procedure that may answer checked answers: `schema` in every way
 * (types, the OpenAPI document through `declaredOutput`), but a marked answer passes as it is.
 */
export function checkedOutput<S extends z.ZodType>(schema: S): S {
  const parser = Object.create(schema) as S;
  // tRPC parses an answer with `parseAsync` when a parser has one (its getParseFn).
  Object.defineProperty(parser, 'parseAsync', {
    value: async (value: unknown, params?: Parameters<S['parseAsync']>[1]) => {
      const checkRest = typeof value === 'object' && value !== null ? checkedAnswers.get(value) : undefined;
      if (!checkRest) return schema.parseAsync(value, params);
      checkRest();
      return value;
    },
  });
  declared.set(parser, schema);
  return parser;
}

/** The schema a procedure declared, whether given as it is or through `checkedOutput`. */
export function declaredOutput(parser: z.ZodType | undefined): z.ZodType | undefined {
  return parser ? (declared.get(parser) ?? parser) : undefined;
}
