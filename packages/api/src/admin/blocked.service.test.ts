import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedListInput } from '@drape/contracts/admin';
import { createTestServices, type TestServices } from '../testing/services';
import { listBlocked } from './blocked.service';

let t: TestServices;
const ids: Record<string, string> = {};

/** Rows as the pipeline writes them (the fields the list reads); the pictures are not needed here. */
async function insert(name: string, values: { gender: 'female' | 'male'; quality: number | null; minutesAgo: number; reason?: string; status?: string }) {
  const row = await t.db.db.insertInto('blocked_images').values({
    job_id: `job-${name}`, combination_code: `${values.gender}.palette.ocean_depths.elegant.hourglass.medium`, gender: values.gender,
    selection_kind: 'palette', selection_id: 'ocean_depths', style_vibe: 'elegant', body_shape: 'hourglass', skin_tone: 'medium',
    storage_key: `blocked/job-${name}.webp`, rejection_reason: values.reason ?? 'quality_threshold',
    rejection_details: JSON.stringify({ error: 'quality_below_threshold', reasoning: 'Quality 52 is below 70.', breakdown: { pieces: 1 } }),
    quality_score: values.quality, safety_score: 97, admin_review_status: values.status ?? 'pending', blocked_at: new Date(Date.now() - values.minutesAgo * 60_000),
  }).returning('id').executeTakeFirstOrThrow();
  ids[name] = row.id;
}

beforeAll(async () => {
  t = await createTestServices();
  await insert('a', { gender: 'female', quality: 52, minutesAgo: 30 });
  await insert('b', { gender: 'male', quality: 64, minutesAgo: 20, reason: 'attribute_mismatch' });
  await insert('c', { gender: 'female', quality: null, minutesAgo: 10, status: 'rejected' });
});
afterAll(() => t.close());

const list = (query: Record<string, unknown>) => listBlocked(t.services, blockedListInput.parse(query));

describe('listBlocked', () => {
  it('sorts newest, oldest, and by quality with unscored images last', async () => {
    const order = async (sortBy: string) => (await list({ sortBy })).images.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));
    expect(await order('newest')).toEqual(['c', 'b', 'a']);
    expect(await order('oldest')).toEqual(['a', 'b', 'c']);
    expect(await order('quality_high')).toEqual(['b', 'a', 'c']);
    expect(await order('quality_low')).toEqual(['a', 'b', 'c']);
  });

  it("treats 'all' and empty filters as none and combines the others", async () => {
    expect((await list({ reviewStatus: 'all', rejectionReason: '', gender: 'all' })).images).toHaveLength(3);
    expect((await list({ reviewStatus: 'pending', gender: 'female' })).images.map((i) => i.id)).toEqual([ids.a]);
    expect((await list({ rejectionReason: 'attribute_mismatch' })).images.map((i) => i.id)).toEqual([ids.b]);
  });

  it('maps a row to the spec fields: the palette as color_palette, the details as error and reasoning', async () => {
    const [image] = (await list({ gender: 'male' })).images;
    expect(image).toMatchObject({
      blocked_s3_url: `/api/admin/blocked-images/${ids.b}/image`, combo_code: 'male.palette.ocean_depths.elegant.hourglass.medium',
      color_palette: 'ocean_depths', occasion: null, trend: null, style_vibe: 'elegant', skin_tone: 'medium', body_shape: 'hourglass',
      rejection_reason: 'attribute_mismatch', rejection_details: { error: 'quality_below_threshold', reasoning: 'Quality 52 is below 70.' },
      quality_score: 64, safety_score: 97, admin_review_status: 'pending', restored_image_id: null,
    });
  });

  it('pages by limit with hasMore', async () => {
    const first = await list({ limit: 2, page: 1 });
    const second = await list({ limit: 2, page: 2 });
    expect([first.images.length, first.hasMore, second.images.length, second.hasMore]).toEqual([2, true, 1, false]);
  });
});
