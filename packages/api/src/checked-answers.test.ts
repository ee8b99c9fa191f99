import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOutput, declaredOutput, markChecked } from './checked-answers';

const page = z.object({ items: z.array(z.object({ id: z.string() })), total: z.number() });
const rest = page.omit({ items: true });

describe('checkedOutput', () => {
  const parser = checkedOutput(page);

  it('parses an unmarked answer in full: a wrong part is refused, an unnamed field dropped', async () => {
    await expect(parser.parseAsync({ items: [{ id: 1 }], total: 1 })).rejects.toThrow(z.ZodError);
    expect(await parser.parseAsync({ items: [{ id: 'a', secret: 'x' }], total: 1 })).toEqual({ items: [{ id: 'a' }], total: 1 });
  });

  it('passes a marked answer as it is, checking only what its mark says', async () => {
    const items = [{ id: 'a' }];
    const answer = markChecked({ items, total: 1 }, () => rest.parse({ total: 1 }));
    expect(await parser.parseAsync(answer)).toBe(answer);
    const wrongRest = { items, total: 'one' as unknown as number };
    markChecked(wrongRest, () => rest.parse({ total: wrongRest.total }));
    await expect(parser.parseAsync(wrongRest)).rejects.toThrow(z.ZodError);
  });

  it('is the schema for everything else: its type, its JSON Schema through declaredOutput', () => {
    expect(declaredOutput(parser)).toBe(page);
    expect(declaredOutput(page)).toBe(page);
    expect(declaredOutput(undefined)).toBeUndefined();
    expect(z.toJSONSchema(declaredOutput(parser)!)).toEqual(z.toJSONSchema(page));
    expect(parser.parse({ items: [], total: 0 })).toEqual({ items: [], total: 0 });
  });
});
