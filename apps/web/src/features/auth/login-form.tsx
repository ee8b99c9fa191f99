import { errorMessage } from '@drape/client';
import { loginInput, type AuthAnswer } from '@drape/contracts';
import { Button, Form, FormError, FormField, Input, toast, useZodForm } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { useTRPC } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';
import { EmailInput } from './email-input';
import { ForgotPasswordLink } from './forgot-password-link';

export interface LoginFormProps {
  /** Called after the session is stored. */
  onSignedIn(answer: AuthAnswer): void;
  /** The demo page hides the reset link. */
  showForgotPassword?: boolean;
  submitLabel?: string;
}

export function LoginForm({ onSignedIn, showForgotPassword = true, submitLabel = 'Sign In' }: LoginFormProps) {
  const trpc = useTRPC();
  const { signIn } = useAuth();
  const form = useZodForm(loginInput, { defaultValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  // /auth arrives prerendered: its fields wait for the app (see useHydrated).
  const hydrated = useHydrated();

  return (
    <Form
      form={form}
      aria-label="Sign in"
      className="flex flex-col gap-5"
      onSubmit={async (input) => {
        try {
          const answer = await login.mutateAsync(input);
          signIn(answer);
          if (answer.deletionCancelled && answer.message) toast({ title: answer.message, variant: 'success' });
          onSignedIn(answer);
        } catch (err) {
          // Shown, unlike the spec's silent failure: wrong credentials, a locked account with its wait, rate limits.
          form.setError('root', { message: errorMessage(err, 'Unable to sign in. Please try again.') });
        }
      }}
    >
      <fieldset disabled={!hydrated} className="contents">
        <FormField control={form.control} name="email" id="login-email" label="Email" render={(field) => <EmailInput {...field} />} />
        <FormField
          control={form.control}
          name="password"
          id="login-password"
          label="Password"
          render={(field) => <Input {...field} type="password" autoComplete="current-password" required />}
        />
        {showForgotPassword ? (
          <div className="-mt-2 flex justify-end">
            <ForgotPasswordLink initialEmail={form.watch('email')} />
          </div>
        ) : null}
        <FormError />
        <Button type="submit" size="lg" pending={form.formState.isSubmitting} pendingLabel="Signing in...">
          {submitLabel}
        </Button>
      </fieldset>
    </Form>
  );
}
