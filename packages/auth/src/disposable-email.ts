import mailchecker from 'mailchecker';

// mailchecker's list of throwaway-mail domains (kept up to date upstream, several thousand
// entries); its own isValid also judges the address's form, which our schema has done already.
const DISPOSABLE = mailchecker.blacklist();

/** Whether an email's domain, or any domain above it, is a disposable-mail service. */
export function isDisposableEmail(email: string): boolean {
  let domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  while (domain) {
    if (DISPOSABLE.has(domain)) return true;
    const dot = domain.indexOf('.');
    if (dot === -1) return false;
    domain = domain.slice(dot + 1);
  }
  return false;
}
