import { APP_ERRORS } from '@drape/contracts';
import { isStrongPassword, newPasswordSchema } from '@drape/contracts/auth';

/**
 * A new password as the sign-up and change-password forms check it: the contract's cap, then the
 * length rule the server answers `weak_password` to, with the server's message.
 */
export const strongNewPasswordSchema = newPasswordSchema.refine(isStrongPassword, APP_ERRORS.weak_password.message);
