/** Application error codes: one list, shared by server (status mapping) and clients (messages). */
export const APP_ERRORS = {
  invalid_input: { status: 400, message: 'The request is not valid.' },
  unauthorized: { status: 401, message: 'Please log in to continue' },
  forbidden: { status: 403, message: 'You do not have access to this.' },
  not_found: { status: 404, message: 'Not found.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  // The client closed the connection before the answer (nginx's 499): nobody reads this one; it
  // names, in logs, work the server dropped rather than did for nobody.
  client_closed: { status: 499, message: 'The request was closed before it was answered.' },
  // the database cannot be reached for a moment (a restart or fail-over): nothing was changed
  service_unavailable: { status: 503, message: 'Drape is briefly unavailable. Please try again in a few seconds.' },
  // accounts
  invalid_credentials: { status: 401, message: 'Incorrect email or password.' },
  account_locked: { status: 429, message: 'Too many failed sign-in attempts. This account is locked for a while.' },
  // After the failed sign-ins that lock an account: any password is looked at only with a solved bot check.
  bot_check_required: { status: 429, message: 'Too many failed sign-in attempts for this account. Complete the security verification to sign in.' },
  user_not_found: { status: 404, message: 'No account matches this request.' },
  user_exists: { status: 409, message: 'An account with this email already exists.' },
  username_taken: { status: 409, message: 'This username is already taken.' },
  invalid_username: { status: 400, message: 'This username is not valid.' },
  invalid_promo: { status: 400, message: 'This promo code is not valid.' },
  bot_check_failed: { status: 400, message: 'Security verification failed. Please verify again.' },
  weak_password: { status: 400, message: 'Password must be at least 8 characters long.' },
  invalid_current_password: { status: 400, message: 'Your current password is incorrect.' },
  invalid_password: { status: 400, message: 'The password is incorrect.' },
  invalid_confirmation: { status: 400, message: 'Type DELETE to confirm.' },
  already_deleted: { status: 409, message: 'This account is already scheduled for deletion.' },
  invalid_token: { status: 400, message: 'This reset link has expired or is invalid. Please request a new one.' },
  admin_unauthorized: { status: 401, message: 'Admin session expired. Please log in again.' },
  invalid_admin_credentials: { status: 401, message: 'Invalid admin key or password.' },
  // generation (issue 3)
  daily_limit_exceeded: { status: 429, message: "You've reached your daily generation limit." },
  tier_required: { status: 403, message: 'Your tier does not include this feature.' },
  generation_failed: { status: 503, message: 'Unable to generate outfit. Please try again.' },
  // the admin's single generator: the render was refused by the safety checks
  content_safety: { status: 422, message: "This request doesn't meet our content guidelines. Please try a different prompt." },
  // wardrobe and LookBook (issue 8)
  wardrobe_full: { status: 403, message: 'Wardrobe Full!' },
  already_saved: { status: 409, message: 'Image already saved to wardrobe' },
  filters_tier: { status: 403, message: 'LookBook filters are a Fashion Icon feature.' },
  // admin settings (issue 9): every user call while Maintenance Mode is on
  maintenance: { status: 503, message: 'Drape is down for scheduled maintenance. We will be back shortly.' },
  // admin image gallery (issue 9)
  image_in_wardrobe: { status: 409, message: 'This look is saved in a wardrobe: it cannot be deleted while a user keeps it.' },
  system_busy: { status: 409, message: 'System is currently busy. Please wait and try again.' },
  // admin: blocked images (issue 9)
  blocked_not_restorable: { status: 409, message: 'This image is no longer available for restoration.' },
  blocked_not_pending: { status: 409, message: 'This image has already been reviewed.' },
  // admin: batch generation (issue 9)
  batch_running: { status: 409, message: 'A batch is already running.' },
  batch_nothing_to_generate: { status: 409, message: 'Every active combination is stocked: nothing to generate.' },
  batch_not_running: { status: 409, message: 'This batch job is not running.' },
  batch_not_found: { status: 404, message: 'No batch job has this id.' },
  // admin: showcase (issue 9)
  not_in_lookbook: { status: 409, message: 'Only LookBook looks can join the showcase.' },
  combination_mismatch: { status: 400, message: "The combination code does not match the look's." },
  showcase_full: { status: 409, message: 'The showcase is full. Remove a look first.' },
  // My Pieces (issue 19, section 3)
  closet_full: { status: 403, message: 'My Pieces is full for your tier. Delete a piece to add another.' },
  closet_photo_invalid: { status: 400, message: 'The photo must be a JPEG, PNG or WebP image.' },
  closet_photo_too_large: { status: 400, message: 'The photo must be 10 MB or smaller.' },
  // admin: held referrals (docs/decisions/0015-referral-holds.md)
  referral_not_held: { status: 409, message: 'This referral is not held: it has been decided already.' },
} as const;

/** The 503 `maintenance` answer's message and the maintenance page's text. */
export const MAINTENANCE_MESSAGE = APP_ERRORS.maintenance.message;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** The Retry-After of a `service_unavailable` answer: the servers reconnect within this after PostgreSQL returns. */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;

export function isAppErrorCode(code: unknown): code is AppErrorCode {
  return typeof code === 'string' && Object.hasOwn(APP_ERRORS, code);
}

/** The one error body shape of the REST adapter. */
export interface ErrorBody {
  error: AppErrorCode;
  message: string;
  retryAfterSeconds?: number;
}
