import { describe, expect, it } from 'vitest';
import { readinessAnswer, within } from './readiness';

describe('the readiness checks (pure parts)', () => {
  it('gives up on an answer that does not come', async () => {
    await expect(within(10, new Promise(() => {}))).rejects.toThrow(/no answer within 10 ms/);
  });

  it('is ready only when every check is ok', () => {
    const ok = { database: 'ok', migrations: 'ok', imageStore: 'ok', queue: 'ok' } as const;
    expect(readinessAnswer(ok)).toEqual({ status: 'ready', checks: ok });
    expect(readinessAnswer({ ...ok, queue: 'unknown' }).status).toBe('not ready');
    expect(readinessAnswer({ ...ok, migrations: 'pending' }).status).toBe('not ready');
  });
});
