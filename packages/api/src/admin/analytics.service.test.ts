import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_CACHE_SECONDS } from '@drape/contracts/admin';
import { insertLook } from '../testing/looks';
import { createTestServices, type TestServices } from '../testing/services';
import { adminStats, inventoryStats } from './analytics.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

let n = 0;
async function activeUser(lastActivity: Date): Promise<string> {
  n++;
  const u = await t.services.db.insertInto('users').values({ email: `a${n}@example.com`, username: `active_${n}`, first_name: 'A', last_name: 'B', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  await t.services.db.insertInto('sessions').values({ id: `s${n}-${crypto.randomUUID()}`, user_id: u.id, expires_at: new Date(Date.now() + 86_400_000), last_activity_at: lastActivity, device_type: 'desktop' }).execute();
  return u.id;
}

describe('adminStats', () => {
  it('counts distinct active users per window, and computes them at most once per ACTIVITY_CACHE_SECONDS', async () => {
    const now = Date.now();
    const daily = await activeUser(new Date(now - 3_600_000));
    // Two sessions of one user count once.
    await t.services.db.insertInto('sessions').values({ id: `second-${crypto.randomUUID()}`, user_id: daily, expires_at: new Date(now + 86_400_000), last_activity_at: new Date(now), device_type: 'mobile' }).execute();
    await activeUser(new Date(now - 10 * 86_400_000));
    await activeUser(new Date(now - 40 * 86_400_000));

    const first = await adminStats(t.services.db, now);
    expect(first).toMatchObject({ totalUsers: 3, dau: 1, mau: 2, signups: 3 });

    await activeUser(new Date(now));
    const cached = await adminStats(t.services.db, now + (ACTIVITY_CACHE_SECONDS - 1) * 1000);
    expect(cached).toMatchObject({ totalUsers: 4, dau: 1, mau: 2, computedAt: first.computedAt });

    const fresh = await adminStats(t.services.db, now + (ACTIVITY_CACHE_SECONDS + 1) * 1000);
    expect(fresh).toMatchObject({ totalUsers: 4, dau: 2, mau: 3, signups: 4 });
  });
});

describe('inventoryStats', () => {
  it('answers the counters: looks per status, today, views', async () => {
    const a = await insertLook(t.services.db);
    await insertLook(t.services.db, { status: 'lookbook' });
    await insertLook(t.services.db, { status: 'archived' });
    const viewer = (await t.services.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await t.services.db.insertInto('image_views').values({ user_id: viewer, image_id: a }).execute();
    expect(await inventoryStats(t.services.db)).toEqual({ total: 3, viewable: 1, lookbook: 1, archived: 1, totalViewed: 1, dailyCreated: 3 });
  });
});
