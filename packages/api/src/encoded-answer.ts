/**
 * An answer that already has its JSON, as bytes: the shared LookBook keeps each card encoded
 * (decision 0030), so a page's body is its cards' bytes joined, not 120 KB of objects turned into
 * text and then into UTF-8 on every request. A transport that sends the answer object as it came
 * from the procedure sends these bytes instead (the REST table); anything that copies or changes
 * the answer (an output parser, another spelling) gets a new object, which has none, and is
 * serialised as usual. The bytes are exactly JSON.stringify(answer) but for the order of keys.
 */
const bodies = new WeakMap<object, Buffer>();

export function withEncodedBody<T extends object>(answer: T, body: Buffer): T {
  bodies.set(answer, body);
  return answer;
}

/** The answer's JSON bytes, when it was made with them. */
export function encodedBody(answer: unknown): Buffer | undefined {
  return typeof answer === 'object' && answer !== null ? bodies.get(answer) : undefined;
}
