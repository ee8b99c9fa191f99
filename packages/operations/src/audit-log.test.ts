import { describe, expect, it } from 'vitest';
import { keptDetails } from './audit-log';

/** Every string jsonb refuses (PostgreSQL: NUL, unpaired surrogates), as JSON.stringify writes it. */
const jsonbRefuses = (json: string) => /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(json);

describe('audit details', () => {
  it('hold only what jsonb stores: no NUL, no half of a surrogate pair (a cut at 500 inside an emoji)', () => {
    const details = { input: { id: 'x\u0000y', status: '\uD83D', notes: 'a😀'.repeat(300) }, result: { id: 'ok 😀' } };
    const stored = JSON.stringify(keptDetails('admin.blocked.review', details));
    expect(jsonbRefuses(JSON.stringify(details))).toBe(true);
    expect(jsonbRefuses(stored)).toBe(false);
    expect(stored).toContain('ok 😀');
  });

  it('keep only the fields the action allows, long strings cut', () => {
    const kept = keptDetails('admin.blocked.review', { input: { id: 'b1', notes: 'n'.repeat(600), password: 'hunter22', '\u0000key': 'x' } });
    expect(kept).toEqual({ input: { id: 'b1', notes: `${'n'.repeat(500)}…` } });
  });
});
