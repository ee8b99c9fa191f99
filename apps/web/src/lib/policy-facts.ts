import { DELETION_GRACE_DAYS } from '@drape/contracts/auth';

/**
 * The figures the privacy policy and terms promise (settings-and-admin §9, user-area §1).
 * The account deletion grace period is the server's own constant; the others are policy text only.
 */
export const POLICY = {
  minimumAge: 13,
  imageRetentionDays: 181,
  deletionGraceDays: DELETION_GRACE_DAYS,
  analyticsRetentionYears: 2,
  supportRetentionYears: 3,
  termsNoticeDays: 30,
  effectiveDate: 'June 1, 2025',
} as const;
