import type { PROFILE_GENDERS } from '@drape/contracts';

export const GENDER_LABELS: Record<(typeof PROFILE_GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};
