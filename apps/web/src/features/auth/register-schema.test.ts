import { APP_ERRORS, usernameMessages } from '@drape/contracts';
import { authMessages } from '@drape/contracts/auth';
import { describe, expect, it, vi } from 'vitest';
import { registerFormSchema } from './register-schema';

const complete = {
  email: ' Ada@Example.com ',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: ' ada_l ',
  password: 'analytical',
  confirmPassword: 'analytical',
  referredByUserId: null,
  promoCode: '',
  turnstileToken: 'solved',
  acceptTerms: true,
};

function messagesByField(issues: { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the sign-up form schema', () => {
  it('accepts a complete sign-up, trimmed as the server expects', async () => {
    const parsed = await registerFormSchema(async () => null).parseAsync(complete);
    expect(parsed).toMatchObject({ email: 'ada@example.com', username: 'ada_l', password: 'analytical' });
  });

  it("shows every problem at once, the server's word on the username included", async () => {
    const result = await registerFormSchema(async () => usernameMessages.taken).safeParseAsync({
      ...complete,
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'other',
      turnstileToken: '',
    });
    expect(messagesByField(result.error?.issues ?? [])).toEqual({
      email: 'Enter a valid email address',
      password: APP_ERRORS.weak_password.message,
      confirmPassword: authMessages.passwordsDoNotMatch,
      turnstileToken: 'Security verification is required',
      username: usernameMessages.taken,
    });
  });

  it('does not ask the server about a malformed username', async () => {
    const refusal = vi.fn(async () => null);
    const result = await registerFormSchema(refusal).safeParseAsync({ ...complete, username: 'ab' });
    expect(messagesByField(result.error?.issues ?? [])).toEqual({ username: usernameMessages.tooShort });
    expect(refusal).not.toHaveBeenCalled();
  });
});
