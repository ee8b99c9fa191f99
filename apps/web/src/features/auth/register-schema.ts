import { usernameProblem } from '@drape/contracts';
import { authMessages, registerInput } from '@drape/contracts/auth';
import { z } from 'zod';
import { strongNewPasswordSchema } from '../../lib/password-rules';

/**
 * The sign-up form (user-area §4): the register call's input, plus what only the browser checks:
 * the length rule the server answers `weak_password` to, the confirmation, the terms box, and the
 * server's word on the username (taken, or the check failed), asked at submit so that every
 * problem shows at once.
 */
export function registerFormSchema(usernameRefusal: (username: string) => Promise<string | null>) {
  return registerInput
    .omit({ ref: true })
    .extend({
      password: strongNewPasswordSchema,
      confirmPassword: z.string(),
      acceptTerms: z.boolean(),
    })
    .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch })
    .superRefine(async ({ username }, ctx) => {
      // A malformed name has its own message already; the server is asked about well-formed ones.
      if (usernameProblem(username)) return;
      const refusal = await usernameRefusal(username);
      if (refusal) ctx.addIssue({ code: 'custom', path: ['username'], message: refusal });
    });
}
