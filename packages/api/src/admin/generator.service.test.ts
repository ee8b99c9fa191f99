import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@drape/auth';
import type { LiveOutcome } from '@drape/jobs';
import { createTestServices, type TestServices } from '../testing/services';
import { AppError } from '../errors';
import { adminGenerate, generatorOptions, parseAdminGenerate } from './generator.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

/** The queue's side as the pipeline answers it: each test names the outcome the worker published. */
function pipelineAnswering(outcome: LiveOutcome) {
  const sent: unknown[] = [];
  return {
    sent,
    generation: {
      enqueue: async (data: unknown) => {
        sent.push(data);
        return crypto.randomUUID();
      },
      wait: async () => outcome,
    },
  };
}

const request = { gender: 'Female', selection_type: 'occasion', selection_id: 'Party' } as const;

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  return p.then(() => undefined, (e: unknown) => (e instanceof AppError ? `${e.appCode}: ${e.message}` : String(e)));
}

describe('the single generator', () => {
  it('offers the catalog entries marked for it', () => {
    const o = generatorOptions();
    expect(o.monthlyTrends.map((x) => x.id)).toEqual(['boho_chic', 'animal_print_explosion', 'denim', 'polka', 'nautical_chic']);
    expect(o.occasions.map((x) => x.id)).toEqual(['date', 'party', 'office', 'athleisure', 'lounge', 'goingout']);
  });

  it('turns a request into a combination, personalization included', () => {
    expect(parseAdminGenerate({ gender: 'Male', selection_type: 'color', selection_id: 'Botanic Pop', style_vibe_id: 'casual', skin_tone_id: 'Medium', body_shape_id: 'rectangle' }))
      .toEqual({ gender: 'male', palette: 'botanic_pop', styleVibe: 'casual', skinTone: 'medium', bodyShape: 'rectangle' });
  });

  it("sends an 'admin' job for the combination", async () => {
    const p = pipelineAnswering({ outcome: 'failed', reason: 'provider down' });
    await codeOf(adminGenerate({ ...t.services, generation: p.generation }, 'ops-send', request));
    expect(p.sent).toEqual([expect.objectContaining({ gender: 'female', occasion: 'party', source: 'admin', seed: expect.any(Number) })]);
  });

  it.each([
    [{ outcome: 'blocked', reason: 'content_safety' }, "content_safety: This request doesn't meet our content guidelines. Please try a different prompt."],
    [{ outcome: 'blocked', reason: 'insufficient_clothing' }, "content_safety: This request doesn't meet our content guidelines. Please try a different prompt."],
    [{ outcome: 'blocked', reason: 'quality_threshold' }, "generation_failed: We couldn't generate the image right now. Please try again."],
    [{ outcome: 'failed', reason: 'provider down' }, "generation_failed: We couldn't generate the image right now. Please try again."],
    [{ outcome: 'timeout' }, "generation_failed: We couldn't generate the image right now. Please try again."],
  ] as const)('answers %j as the spec error', async (outcome, expected) => {
    const p = pipelineAnswering(outcome as LiveOutcome);
    expect(await codeOf(adminGenerate({ ...t.services, generation: p.generation }, `ops-${expected.length}-${Math.random()}`, request))).toBe(expected);
  });

  it("stops an admin key at its daily cap with the spec's message, before anything is rendered", async () => {
    for (let i = 0; i < LIMITS.adminGenerateKey.points; i++) await t.services.rateLimits.consume('adminGenerateKey', 'busy-admin');
    const p = pipelineAnswering({ outcome: 'timeout' });
    expect(await codeOf(adminGenerate({ ...t.services, generation: p.generation }, 'busy-admin', request))).toBe("daily_limit_exceeded: You've reached your daily generation limit.");
    expect(p.sent).toEqual([]);
    // Another admin is not held by it.
    expect(await codeOf(adminGenerate({ ...t.services, generation: p.generation }, 'other-admin', request))).toMatch(/^generation_failed/);
  });
});
