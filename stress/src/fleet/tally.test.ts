import { describe, expect, it } from 'vitest';
import { countOn, describeStatuses, percentileOf, statusesByServer } from './tally';

describe('the fleet test\'s tallies', () => {
  const answers = [
    { status: 200, upstream: 'server-a' }, { status: 429, upstream: 'server-b' }, { status: 200, upstream: 'server-b' },
    { status: 200, upstream: 'server-a' }, { status: 401, upstream: null },
  ];

  it('count statuses per server, a call made to a server directly under "direct"', () => {
    const table = statusesByServer(answers);
    expect(table).toEqual({ 'server-a': { 200: 2 }, 'server-b': { 429: 1, 200: 1 }, direct: { 401: 1 } });
    expect(countOn(table, ['server-a', 'server-b', 'server-c'], 200)).toEqual([2, 1, 0]);
    expect(describeStatuses(table)).toBe('direct 401×1; server-a 200×2; server-b 200×1 429×1');
  });

  it('take the nearest-rank percentile, 0 of nothing', () => {
    expect(percentileOf([40, 10, 30, 20], 50)).toBe(20);
    expect(percentileOf([40, 10, 30, 20], 100)).toBe(40);
    expect(percentileOf([7], 0)).toBe(7);
    expect(percentileOf([], 50)).toBe(0);
  });
});
