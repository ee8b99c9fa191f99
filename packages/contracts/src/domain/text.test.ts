import { describe, expect, it } from 'vitest';
import { multilineText, text, textMessages } from './text';

describe('text fields', () => {
  it('keep whole characters of every script, emoji included', () => {
    for (const s of ['Zoë', '日本語', '👩🏽‍🚀', '𝔘𝔫𝔦', 'e\u0301']) {
      expect(text().safeParse(s).success, s).toBe(true);
      expect(multilineText().safeParse(`${s}\n${s}`).success, s).toBe(true);
    }
  });

  it('refuse half of a surrogate pair, alone or at either end', () => {
    for (const s of ['\uD800', 'a\uDC00b', 'smile\uD83D', '\uDE00smile', '😀'.slice(0, 1)]) {
      for (const schema of [text(), multilineText()]) {
        const parsed = schema.safeParse(s);
        expect(parsed.success, JSON.stringify(s)).toBe(false);
        expect(parsed.error?.issues[0]?.message).toBe(textMessages.illFormed);
      }
    }
  });
});
