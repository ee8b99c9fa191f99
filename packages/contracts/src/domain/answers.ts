import { z } from '../zod';

/**
 * What procedures answer (their `.output()` schemas, issue 17): tRPC checks every answer against
 * its schema (a field the schema does not name is not sent), and the OpenAPI document describes
 * the REST answers from the same schemas. Shapes shared by several answers live here.
 */

/** An acknowledgement: `{ success: true }`. */
export const successAnswer = z.object({ success: z.literal(true) });
/** An acknowledgement with the message a screen shows. */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });
/** An instant, as ISO 8601 text. */
export const isoTime = z.string();
