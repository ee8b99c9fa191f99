import { expect, it } from 'vitest';
import { cn, prepareClassMerge } from './class-names';

// Its own file: the merge's tables are built once per module instance, here ahead of the first use.
it('merges the same when its tables are built ahead (prepareClassMerge), theme names included', () => {
  prepareClassMerge();
  expect(cn('px-4 text-ink', 'px-2 text-danger')).toBe('px-2 text-danger');
  expect(cn('rounded-full shadow-sm', 'rounded-card shadow-soft')).toBe('rounded-card shadow-soft');
  expect(cn('shadow-soft', 'shadow-ink/10')).toBe('shadow-soft shadow-ink/10');
});
