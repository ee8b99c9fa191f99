import { describe, expect, it } from 'vitest';
import { redactDetails } from './audit-log';

/** Every string jsonb refuses (PostgreSQL: NUL, unpaired surrogates), as JSON.stringify writes it. */
const jsonbRefuses = (json: string) => /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(json);

describe('audit details', () => {
  it('hold only what jsonb stores: no NUL, no half of a surrogate pair, in keys or values', () => {
    const details = { input: { notes: 'a😀'.repeat(300), '\u0000key': 'x\u0000y', '\uDBFF': ['\uD83D', 'ok 😀'] } };
    const stored = JSON.stringify(redactDetails(details));
    expect(jsonbRefuses(JSON.stringify(details))).toBe(true);
    expect(jsonbRefuses(stored)).toBe(false);
    expect(stored).toContain('ok 😀');
  });

  it('still masks secrets and cuts long strings', () => {
    expect(redactDetails({ password: 'hunter22', note: 'n'.repeat(600) })).toEqual({ password: '[redacted]', note: `${'n'.repeat(500)}…` });
  });
});
