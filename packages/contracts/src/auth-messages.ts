// Apart from the auth schemas, like storage-keys.ts: the apps' error handling shows these on
// every screen, and a module without zod keeps zod off the screens that validate nothing.

export const authMessages = {
  resetLinkSentTitle: 'Reset Link Sent',
  resetLinkSent: "If an account exists with this email, you'll receive a password reset link shortly.",
  resetFailedTitle: 'Reset Failed',
  resetEmailFailed: 'Unable to send reset email. Please try again.',
  networkErrorTitle: 'Network Error',
  networkError: 'Unable to connect to the server. Please check your connection.',
  resetInvalidToken: 'This reset link has expired or is invalid. Please request a new one.',
  resetWeak: 'Password must be at least 8 characters long.',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  resetMismatch: 'Passwords do not match. Please try again.',
  resetDefault: 'Failed to reset password. Please try again.',
  resetSuccess: 'Password Reset Successful',
  invalidResetLink: 'Invalid Reset Link',
  passwordsDoNotMatch: 'Passwords do not match.',
  deletionCancelled: 'Welcome back! Your account deletion has been cancelled.',
  loggedOutAll: 'Logged out of all devices.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  /** Sign-up: a refusal after the bot check spent it (a solved check is good for one try). */
  verifyAgain: 'Please complete the security verification again.',
} as const;
