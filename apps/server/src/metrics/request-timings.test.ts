import { describe, expect, it } from 'vitest';
import { RequestTimings } from './request-timings';

describe('RequestTimings', () => {
  it('keeps one series per method, route and status, with cumulative buckets (a bound is inclusive)', () => {
    const t = new RequestTimings([0.1, 1]);
    t.observe('GET', '/api/version', 200, 0.05);
    t.observe('GET', '/api/version', 200, 0.1);
    t.observe('GET', '/api/version', 200, 0.5);
    t.observe('GET', '/api/version', 200, 7);
    t.observe('GET', '/api/version', 404, 0.01);
    expect(t.snapshot()).toEqual([
      {
        labels: { method: 'GET', route: '/api/version', status_code: '200' },
        buckets: [{ le: 0.1, count: 2 }, { le: 1, count: 3 }, { le: Infinity, count: 4 }],
        sum: 7.65,
        count: 4,
      },
      { labels: { method: 'GET', route: '/api/version', status_code: '404' }, buckets: [{ le: 0.1, count: 1 }, { le: 1, count: 1 }, { le: Infinity, count: 1 }], sum: 0.01, count: 1 },
    ]);
  });
});
