import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersListInput } from '@drape/contracts/admin';
import { createTestServices, type TestServices } from '../testing/services';
import { createTestUsers, listUsers, prefixPattern, testUserPassword, userListQuery } from './users.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode): { type: string; relation: string | undefined }[] {
  return [{ type: node['Node Type'], relation: node['Relation Name'] }, ...(node.Plans ?? []).flatMap(scansOf)];
}

const q = (raw: Record<string, unknown>) => adminUsersListInput.parse(raw);

describe('test users', () => {
  it('makes strong passwords of 20 random characters in four groups', () => {
    const a = testUserPassword();
    expect(a).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);
    expect(testUserPassword()).not.toBe(a);
  });

  it('stores only the password hashes', async () => {
    const { users } = await createTestUsers(t.services.db);
    const rows = await t.services.db.selectFrom('users').select(['username', 'password_hash', 'is_test']).where('is_test', '=', true).execute();
    expect(rows).toHaveLength(4);
    for (const u of users) {
      const row = rows.find((r) => r.username === u.username)!;
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(u.password);
    }
  });
});

describe('the user list', () => {
  it('escapes LIKE wildcards in a search prefix', () => {
    expect(prefixPattern('Ada_%\\')).toBe('ada\\_\\%\\\\%');
  });

  it('reads a page through an index, not the whole table, with 20,000 users', async () => {
    const db = t.services.db;
    await sql`insert into users (email, username, first_name, last_name, password_hash, tier, is_test, created_at)
      select 'bulk' || i || '@example.com', 'bulk' || i, 'B', 'K', 'x',
        (array['enthusiast','stylist','collector','fashion_icon'])[1 + i % 4], i % 500 = 0, now() - i * interval '1 minute'
      from generate_series(1, 20000) i`.execute(db);
    await sql`analyze users`.execute(db);
    for (const filters of [{}, { search: 'bulk1999' }, { search: 'bulk1999@ex' }, { tier: 'collector' }, { isTest: 'true' }, { tier: 'stylist', cursor: '2020-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000' }]) {
      const [row] = await userListQuery(db, q(filters)).explain('json');
      const scans = scansOf((row as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan).filter((s) => s.relation === 'users');
      expect(scans.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(scans.map((s) => s.type), JSON.stringify(filters)).not.toContain('Seq Scan');
    }
    const page = await listUsers(db, q({ search: 'bulk1999' }));
    // Newest first: bulk1999 signed up most recently of the eleven names starting so.
    expect(page.users.map((u) => u.username)).toEqual(['bulk1999', ...Array.from({ length: 10 }, (_, i) => `bulk1999${i}`)]);
  });
});
