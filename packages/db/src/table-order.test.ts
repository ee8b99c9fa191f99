import { describe, expect, it } from 'vitest';
import { dependencyOrder, TableCycleError } from './table-order';

describe('dependencyOrder', () => {
  it('puts each table after the tables it references, ties alphabetically', () => {
    const keys = [
      { table: 'wardrobe_items', references: 'users' },
      { table: 'wardrobe_items', references: 'generated_images' },
      { table: 'generated_images', references: 'combinations' },
      { table: 'fashion_items', references: 'generated_images' },
    ];
    expect(dependencyOrder(['wardrobe_items', 'fashion_items', 'users', 'generated_images', 'combinations', 'settings'], keys))
      .toEqual(['combinations', 'settings', 'users', 'generated_images', 'fashion_items', 'wardrobe_items']);
  });

  it('needs no order for a table that references itself, and ignores keys to tables it does not load', () => {
    expect(dependencyOrder(['users', 'referrals'], [
      { table: 'users', references: 'users' },
      { table: 'referrals', references: 'users' },
      { table: 'referrals', references: 'pgboss_job' },
    ])).toEqual(['users', 'referrals']);
  });

  it('refuses a cycle, naming the tables caught in it', () => {
    const cycle = () => dependencyOrder(['a', 'b', 'c', 'd'], [
      { table: 'a', references: 'b' }, { table: 'b', references: 'c' }, { table: 'c', references: 'a' }, { table: 'c', references: 'd' },
    ]);
    expect(cycle).toThrow(TableCycleError);
    expect(cycle).toThrow('in a cycle, so no load order exists: a, b, c');
  });
});
