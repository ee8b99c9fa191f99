import { describe, expect, it } from 'vitest';
import { listEnd, windowPage, windowRuns, WINDOW_END_MAX } from './lookbook-window';

describe('a LookBook session window', () => {
  it('shows the cap, then says the limit is reached', () => {
    expect(windowPage(0, 50, 50, 130)).toEqual({ shown: 50, reach: 50, hasMore: false, viewLimitReached: true });
    expect(windowPage(0, 20, 50, 130)).toEqual({ shown: 20, reach: 20, hasMore: true, viewLimitReached: false });
    expect(windowPage(40, 20, 50, 130)).toEqual({ shown: 10, reach: 50, hasMore: false, viewLimitReached: true });
    expect(windowPage(50, 50, 50, 130)).toMatchObject({ shown: 0, reach: 50, viewLimitReached: true });
  });

  it('ends as the collection does when the LookBook holds fewer looks than the cap', () => {
    expect(windowPage(0, 50, 50, 30)).toEqual({ shown: 30, reach: 30, hasMore: false, viewLimitReached: false });
    expect(windowPage(0, 50, 50, 0)).toEqual({ shown: 0, reach: 0, hasMore: false, viewLimitReached: false });
  });

  it('reads a window as one run, or two when it wraps past the end', () => {
    expect(windowRuns(50, 0, 50, 130)).toEqual([{ from: 50, count: 50 }]);
    expect(windowRuns(100, 0, 50, 130)).toEqual([{ from: 100, count: 30 }, { from: 0, count: 20 }]);
    expect(windowRuns(100, 30, 20, 130)).toEqual([{ from: 0, count: 20 }]);
    // A start past a list that shrank wraps too.
    expect(windowRuns(140, 0, 5, 130)).toEqual([{ from: 10, count: 5 }]);
    expect(windowRuns(0, 0, 0, 130)).toEqual([]);
  });

  it('wraps no deeper than a page can reach', () => {
    expect(listEnd(130)).toBe(130);
    expect(listEnd(10_000_000)).toBe(WINDOW_END_MAX);
  });
});
