import fs from 'node:fs';
import path from 'node:path';

/**
 * The mails the server sent, as the suite's SMTP sink received them (scripts/test.ts starts it and
 * gives the server its SMTP_URL; @drape/auth/testing writes each mail to E2E_MAIL_DIR as JSON).
 * The outbox keeps no body, so this is where a test reads a reset link, as a user reads it in
 * their mailbox.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (run the suite with `npm test -- e2e`)');
  return dir;
}

/** The newest mail to this address, or null when there is none. */
export function latestMail(email: string): ReceivedMail | null {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return null;
  // Files are numbered in the order received: the last one to this address is the newest.
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().reverse();
  for (const file of files) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
    if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase())) return mail;
  }
  return null;
}

/** The reset link in the newest mail to this address, or null when there is none. */
export function latestResetLink(email: string): string | null {
  return latestMail(email)?.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/)?.[0] ?? null;
}
