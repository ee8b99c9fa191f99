import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyLimit, type Combination } from '@drape/contracts';
import { combinationColumns } from '@drape/db';
import { register } from '../auth/registration.service';
import type { AppError } from '../errors';
import { createTestServices, type TestServices } from '../testing/services';
import { generateOutfit } from './generate.service';
import { readUsage } from './usage';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

const look: Combination = { gender: 'female', trend: 'denim', styleVibe: 'casual', bodyShape: 'pear', skinTone: 'medium' };

/** Inventory rows of one combination (Get My Look reads rows; the files are not served here). */
async function stock(count: number) {
  const columns = combinationColumns(look);
  const { combination_code: code, ...combination } = columns;
  await t.db.db.insertInto('combinations').values({ code, ...combination, enhanced_prompt: 'p', active: true }).onConflict((oc) => oc.column('code').doNothing()).execute();
  for (let i = 0; i < count; i++) {
    const jobId = crypto.randomUUID();
    await t.db.db.insertInto('generated_images').values({
      job_id: jobId, ...columns, storage_key: `looks/${jobId}.webp`, thumb_key: `looks/${jobId}.thumb.webp`, width: 768, height: 1024,
      bytes: 1, quality_score: 90, quality: '{}', safety_score: 99, color_families: ['blue'], seed: i, prompt: 'p', provider: 'atelier',
    }).execute();
  }
}

async function member() {
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const answer = await register(t.services, t.req(), {
    email: `quota${stamp}@example.com`, password: 'a long passphrase', username: `quota${stamp}`, firstName: 'Q', lastName: 'Q', turnstileToken: await t.solveBotCheck(),
  });
  return t.db.db.selectFrom('users').selectAll().where('id', '=', answer.user.id).executeTakeFirstOrThrow();
}

describe('the daily quota', () => {
  it('gives exactly the tier limit to 20 parallel requests and refuses the rest with the limit named', async () => {
    await stock(30);
    const user = await member();
    const limit = dailyLimit(user.tier, false);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => generateOutfit(t.services, user, { gender: 'female', trend: 'Denim' })));
    const served = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(served).toHaveLength(limit);
    expect(refused).toHaveLength(20 - limit);
    for (const err of refused) expect(err).toMatchObject({ appCode: 'daily_limit_exceeded', message: expect.stringContaining(`all ${limit} daily`) });
    expect(await readUsage(t.db.db, user.id)).toEqual({ used: limit, sharedToday: false });
    // Each served outfit is a different image: the inventory pick never hands one out twice.
    const ids = served.map((r) => (r as PromiseFulfilledResult<{ imageId: string }>).value.imageId);
    expect(new Set(ids).size).toBe(limit);
  });

  it('spends nothing on a refused request', async () => {
    const user = await member();
    const bad = await generateOutfit(t.services, user, { gender: 'female', trend: 'Gothic' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ appCode: 'invalid_input', message: 'Unknown trend: Gothic' });
    expect(await readUsage(t.db.db, user.id)).toEqual({ used: 0, sharedToday: false });
  });

  it('adds the share bonus on a day the user shared', async () => {
    const user = await member();
    await t.db.db.insertInto('daily_usage').values({ user_id: user.id, day: new Date().toISOString().slice(0, 10), shared: true }).execute();
    const usage = await t.db.db.transaction().execute(async (tx) => (await import('./usage')).lockUsage(tx, user.id, user.tier));
    expect(usage.limit).toBe(dailyLimit(user.tier, true));
  });
});
