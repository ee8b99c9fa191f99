// How the stylist's sentences are put together, for the note and the concerns alike.

/** "a", "a and b", "a, b and c". */
export const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** A finding as a sentence: capitalised, with its full stop. */
export const sentence = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
