/**
 * What the server answers to a request it cannot read at all, before any route: the address does
 * not decode, a part of it is too long, the headers are too large, or the HTTP itself is broken.
 * The error code is `invalid_input` (errors.ts); these are the messages.
 */
export const httpRefusalMessages = {
  badAddress: 'The address holds characters that cannot be read.',
  addressPartTooLong: 'A part of the address is too long.',
  headersTooLarge: 'The request address or headers are too large.',
  timeout: 'The request took too long to arrive.',
  malformed: 'The request could not be read.',
} as const;
