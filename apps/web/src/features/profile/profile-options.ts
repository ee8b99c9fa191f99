import type { PROFILE_GENDERS } from '@drape/contracts/user';

export const GENDER_LABELS: Record<(typeof PROFILE_GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

/** A stored choice as the form's select starts from it: one of the options, or nothing chosen. */
export function optionOf<T extends string>(options: readonly T[], stored: string | null): T | '' {
  return options.find((option) => option === stored) ?? '';
}
