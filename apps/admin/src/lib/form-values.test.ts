import { describe, expect, it } from 'vitest';
import { batchGenerateInput, BATCH_PRIORITY_FILTERS, startSequentialBatchInput } from '@drape/contracts/admin';
import { z } from 'zod';
import { blankAsUnset, checkedBy } from './form-values';

describe('checkedBy with blankAsUnset', () => {
  const sequential = checkedBy({ cycles: blankAsUnset, limit: blankAsUnset }, startSequentialBatchInput);

  it('gives the request schema nothing for a blank box, and the number in a filled one', () => {
    expect(sequential.parse({ cycles: '', limit: '  ' })).toEqual({});
    expect(sequential.parse({ cycles: ' 2 ', limit: '30' })).toEqual({ cycles: 2, limit: 30 });
  });

  it("refuses what the request schema refuses, with its message at the field's path", () => {
    const result = sequential.safeParse({ cycles: '0', limit: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['cycles'], message: 'cycles must be at least 1' })]);
    const level = checkedBy({ priorityFilter: z.enum(BATCH_PRIORITY_FILTERS), limit: blankAsUnset }, batchGenerateInput);
    expect(level.safeParse({ priorityFilter: 'SEV-2', limit: '1.5' }).error?.issues[0]?.path).toEqual(['limit']);
    expect(level.parse({ priorityFilter: 'all', limit: '' })).toEqual({ priorityFilter: 'all' });
  });
});
