import { dictionary } from '@zxcvbn-ts/language-common';
import { authMessages, isStrongPassword } from '@drape/contracts/auth';

/**
 * What is wrong with a new password, or null: too short (the clients check that too), or one of
 * the ~49,000 most common passwords (zxcvbn-ts's maintained list, shipped in the package, checked
 * offline; compared without regard to case). The list stays on the server: it is a megabyte.
 */
let common: Set<string> | null = null;

export function passwordProblem(password: string): string | null {
  if (!isStrongPassword(password)) return authMessages.resetWeak;
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  if (common.has(password.toLowerCase())) return authMessages.commonPassword;
  return null;
}
