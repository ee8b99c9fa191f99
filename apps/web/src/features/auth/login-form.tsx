import { appErrorCode, errorMessage } from '@drape/client';
import { APP_ERRORS, type AppErrorCode } from '@drape/contracts';
import { loginInput, type AuthAnswer, type LoginInput } from '@drape/contracts/auth';
import { Button, Form, FormError, FormField, Input, toast, useZodForm } from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { useTRPC } from '../../lib/trpc';
import { HydratedFieldset } from '../../components/hydrated-fieldset';
import { BotCheck, type BotCheckHandle } from './bot-check';
import { EmailInput } from './email-input';
import { ForgotPasswordLink } from './forgot-password-link';

export interface LoginFormProps {
  /** Called after the session is stored. */
  onSignedIn(answer: AuthAnswer): void;
  /** The demo page hides the reset link. */
  showForgotPassword?: boolean;
  submitLabel?: string;
}

/**
 * Answers after which the next try needs a solved bot check: the server asked for one, refused
 * the one sent, or (with one solved) the password was wrong while the account is locked.
 */
const ASKS_FOR_BOT_CHECK: readonly AppErrorCode[] = ['bot_check_required', 'bot_check_failed', 'account_locked'];

export function LoginForm({ onSignedIn, showForgotPassword = true, submitLabel = 'Sign In' }: LoginFormProps) {
  const trpc = useTRPC();
  const { signIn } = useAuth();
  const form = useZodForm(loginInput, { defaultValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  // After the failed sign-ins that lock an account, the server wants a solved bot check with the
  // password (docs/spec-notes.md): shown only then, and the form resubmits itself once it is solved.
  const [verifying, setVerifying] = useState(false);
  const botCheck = useRef<BotCheckHandle>(null);

  const submit = async (input: LoginInput) => {
    if (verifying && !input.turnstileToken) {
      form.setError('root', { message: APP_ERRORS.bot_check_required.message });
      botCheck.current?.focus();
      return;
    }
    try {
      const answer = await login.mutateAsync(input);
      signIn(answer);
      if (answer.deletionCancelled && answer.message) toast({ title: answer.message, variant: 'success' });
      onSignedIn(answer);
    } catch (err) {
      const code = appErrorCode(err);
      if (code && ASKS_FOR_BOT_CHECK.includes(code)) {
        // A solved check is single use: whatever the answer, the next try needs a new one.
        form.setValue('turnstileToken', undefined);
        botCheck.current?.reset();
        setVerifying(true);
      }
      // Shown, unlike the spec's silent failure: wrong credentials, a locked account with its wait, rate limits.
      form.setError('root', { message: errorMessage(err, 'Unable to sign in. Please try again.') });
    }
  };

  return (
    <Form form={form} aria-label="Sign in" className="flex flex-col gap-5" onSubmit={submit}>
      {/* /auth arrives prerendered: its fields wait for the app. */}
      <HydratedFieldset className="contents">
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
        {verifying ? (
          <div className="flex flex-col gap-2" role="group" aria-labelledby="login-bot-check-label">
            <p id="login-bot-check-label" className="flex items-center gap-2 text-sm font-medium text-umber">
              <ShieldCheck aria-hidden="true" className="h-4 w-4 text-gold-ink" /> Security Verification
            </p>
            <BotCheck
              ref={botCheck}
              onToken={(token) => {
                form.setValue('turnstileToken', token ?? undefined);
                if (token) void form.handleSubmit(submit)();
              }}
            />
          </div>
        ) : null}
        <FormError />
        <Button type="submit" size="lg" pending={form.formState.isSubmitting} pendingLabel="Signing in...">
          {submitLabel}
        </Button>
      </HydratedFieldset>
    </Form>
  );
}
