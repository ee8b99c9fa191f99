import { describe, expect, it } from 'vitest';
import { generatorMessages } from '@drape/contracts/admin';
import { generatorForm, NO_CHOICES } from './generator-form';

describe('the generator form', () => {
  it('asks for the selection first, then the gender, one message at a time', () => {
    expect(generatorForm.safeParse(NO_CHOICES).error?.issues).toEqual([expect.objectContaining({ path: ['root'], message: generatorMessages.selectionRequired })]);
    const chosen = { ...NO_CHOICES, selection: { type: 'trend' as const, id: 'quiet-luxury' } };
    expect(generatorForm.safeParse(chosen).error?.issues).toEqual([expect.objectContaining({ path: ['root'], message: generatorMessages.genderRequired })]);
  });

  it('sends the choices in the request spelling, the optional ones only when chosen', () => {
    expect(generatorForm.parse({ ...NO_CHOICES, gender: 'Male', selection: { type: 'color', id: 'autumn' }, tone: 'deep' })).toEqual({
      gender: 'Male', selection_type: 'color', selection_id: 'autumn', skin_tone_id: 'deep',
    });
  });
});
