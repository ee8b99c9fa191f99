import { escapeHtml } from '@drape/contracts';
import type { Mail } from './mailer';

/** The mails Drape sends, text and HTML, in one place beside the mailer. */
interface Recipient {
  email: string;
  first_name: string;
}

export function passwordResetMail(user: Recipient, link: string): Mail {
  return {
    to: user.email,
    kind: 'password_reset',
    subject: 'Reset your Drape password',
    text: `Hi ${user.first_name},\n\nReset your password with this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this email.`,
    html: `<p>Hi ${escapeHtml(user.first_name)},</p><p><a href="${escapeHtml(link)}">Reset your password</a> (valid for one hour).</p><p>If you did not ask for this, ignore this email.</p>`,
  };
}

/** Sent after every password change or reset: the owner learns of a change they did not make. */
export function passwordChangedMail(user: Recipient, signInUrl: string): Mail {
  return {
    to: user.email,
    kind: 'password_changed',
    subject: 'Your Drape password was changed',
    text: `Hi ${user.first_name},\n\nThe password of your Drape account was just changed, and your other sessions were signed out.\n\nIf this was not you, reset your password now with "Forgot password?" on the sign-in page: ${signInUrl}\n`,
    html: `<p>Hi ${escapeHtml(user.first_name)},</p><p>The password of your Drape account was just changed, and your other sessions were signed out.</p><p>If this was not you, reset your password now with "Forgot password?" on <a href="${escapeHtml(signInUrl)}">the sign-in page</a>.</p>`,
  };
}
