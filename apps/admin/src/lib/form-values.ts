import { z } from 'zod';

/** A text box whose blank means "not given": trimmed text, or undefined. */
export const blankAsUnset = z.string().transform((v) => (v.trim() === '' ? undefined : v.trim()));

/**
 * The schema of an admin form (for useZodForm) whose fields are checked by the request's own
 * schema from the contracts: the browser refuses exactly what the server would, with the same
 * messages, each at its field.
 */
export function checkedBy<Shape extends z.ZodRawShape, Out>(fields: Shape, request: z.ZodType<Out>) {
  return z.object(fields).transform((values, ctx): Out => {
    const result = request.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
