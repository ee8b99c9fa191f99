import { z } from 'zod';
import { GENERATOR_SELECTION_TYPES, generatorMessages, type AdminGenerateInput } from '@drape/contracts/admin';

export const GENDERS = ['Female', 'Male'] as const;
export type Gender = (typeof GENDERS)[number];

const choice = z.string().nullable();

/**
 * The generator's choices: one selection (a trend, palette or occasion) and a gender are required,
 * asked in that order with the spec's messages, one at a time, as one form-level message; the
 * optional vibe, tone and shape are sent only when chosen.
 */
export const generatorForm = z
  .object({
    gender: z.enum(GENDERS).nullable(),
    selection: z.object({ type: z.enum(GENERATOR_SELECTION_TYPES), id: z.string() }).nullable(),
    vibe: choice,
    tone: choice,
    shape: choice,
  })
  .transform((v, ctx): AdminGenerateInput & { gender: Gender } => {
    if (!v.selection) ctx.addIssue({ code: 'custom', path: ['root'], message: generatorMessages.selectionRequired });
    else if (!v.gender) ctx.addIssue({ code: 'custom', path: ['root'], message: generatorMessages.genderRequired });
    if (!v.selection || !v.gender) return z.NEVER;
    return {
      gender: v.gender,
      selection_type: v.selection.type,
      selection_id: v.selection.id,
      ...(v.vibe ? { style_vibe_id: v.vibe } : {}),
      ...(v.tone ? { skin_tone_id: v.tone } : {}),
      ...(v.shape ? { body_shape_id: v.shape } : {}),
    };
  });

export type GeneratorChoices = z.input<typeof generatorForm>;
export const NO_CHOICES: GeneratorChoices = { gender: null, selection: null, vibe: null, tone: null, shape: null };
