import { describe, expect, it } from 'vitest';
import { compose } from './compose';
import { enhancedPrompt, lookPrompt } from './prompt';

describe('prompts', () => {
  it('describe the combination: model, body shape, skin tone, trend and vibe', () => {
    const p = enhancedPrompt({ gender: 'female', trend: 'boho_chic', bodyShape: 'pear', skinTone: 'deep', styleVibe: 'elegant' });
    expect(p).toMatch(/deep-skinned woman with a pear body shape/);
    expect(p).toContain('Boho Chic');
    expect(p).toContain('elegant styling');
    expect(enhancedPrompt({ gender: 'male', occasion: 'office' })).toMatch(/a man wearing a smart office outfit/);
    expect(enhancedPrompt({ gender: 'male', palette: 'ocean_depths' })).toContain('midnight navy');
  });

  it('name every composed piece with its color', () => {
    const look = compose({ gender: 'male', trend: 'nautical_chic' }, 4);
    const p = lookPrompt(look);
    for (const piece of look.pieces) expect(p).toContain(`${piece.color.name} ${piece.name.toLowerCase()}`);
    expect(p).toContain('Nautical Chic');
  });
});
