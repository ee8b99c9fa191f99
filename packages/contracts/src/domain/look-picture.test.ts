import { describe, expect, it } from 'vitest';
import { lookAltText } from './look-picture';

describe('lookAltText', () => {
  it('names the look, whom it is for and its pieces with their colours', () => {
    expect(lookAltText({
      name: 'Office', gender: 'female',
      pieces: [{ name: 'Blazer', color: 'Navy' }, { name: 'Shirt', color: 'white' }, { name: 'Tailored Trousers', color: 'grey' }],
    })).toBe('Office look for women: navy blazer, white shirt, grey tailored trousers');
  });

  it('does not repeat a colour the piece name already says', () => {
    expect(lookAltText({ name: 'Denim', gender: 'male', pieces: [{ name: 'Indigo Jeans', color: 'indigo' }, { name: 'Tee' }] }))
      .toBe('Denim look for men: indigo jeans, tee');
  });

  it('without pieces or a known gender says what it can', () => {
    expect(lookAltText({ name: 'Boho Chic', gender: 'female' })).toBe('Boho Chic look for women');
    expect(lookAltText({ name: null, gender: 'other', pieces: [{ name: '  ' }] })).toBe('Outfit look');
  });
});
