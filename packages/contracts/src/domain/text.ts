import { z } from '../zod';

/**
 * Control characters (C0, DEL, C1) never belong in what people type into Drape's fields; a NUL
 * cannot even be stored in a PostgreSQL text column. Single-line fields refuse all of them;
 * multi-line ones (a bio) keep tab and line breaks.
 */
// oxlint-disable-next-line no-control-regex -- matching control characters is this rule's whole job
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// oxlint-disable-next-line no-control-regex -- as above, with tab, line feed and carriage return allowed
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Half of a surrogate pair (a JSON `\ud83d` without its partner) is no character at all: stored,
 * it would silently become U+FFFD, and PostgreSQL's jsonb refuses it outright.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const textMessages = {
  controlCharacters: 'Remove the control characters (such as tabs or line breaks) from this field.',
  illFormed: 'This field holds broken characters: type or paste it again.',
} as const;

/** A single-line text field: the base of every string input. */
export const text = () =>
  z.string().refine((s) => !SINGLE_LINE_CONTROL.test(s), textMessages.controlCharacters).refine((s) => !LONE_SURROGATE.test(s), textMessages.illFormed);

/** A multi-line text field (tab and line breaks allowed). */
export const multilineText = () =>
  z.string().refine((s) => !MULTI_LINE_CONTROL.test(s), textMessages.controlCharacters).refine((s) => !LONE_SURROGATE.test(s), textMessages.illFormed);
