import { appErrorCode, errorMessage, isNetworkError } from '@drape/client';
import { authMessages, isStrongPassword, PASSWORD_MIN, resetPasswordInput } from '@drape/contracts/auth';
import {
  Button, buttonClasses, Card, CardContent, CardDescription, CardHeader, CardTitle, cn, Form, FormError, FormField, Spinner, toast, useZodForm,
} from '@drape/ui';
import { useMutation } from '@tanstack/react-query';
import { Check, CircleCheck, KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { PasswordInput } from './password-input';

/** settings-and-admin §2.1, §4: success sends the browser to /login after 3 seconds. */
const REDIRECT_AFTER_MS = 3000;

type Phase = 'loading' | 'invalid' | 'form' | 'success';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [phase, setPhase] = useState<Phase>('loading');

  useEffect(() => {
    setPhase((p) => (p === 'success' ? p : token ? 'form' : 'invalid'));
  }, [token]);

  return (
    <>
      <PageMeta title="Reset Password" description="Choose a new password for your Drape account." noindex path="/reset-password" />
      <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
        {phase === 'loading' ? (
          <div role="status" className="flex items-center justify-center gap-2 py-20 text-sm text-taupe">
            <Spinner /> Loading...
          </div>
        ) : null}
        {phase === 'invalid' ? <InvalidLink /> : null}
        {phase === 'form' ? <ResetForm token={token} onDone={() => setPhase('success')} /> : null}
        {phase === 'success' ? <ResetSuccess /> : null}
      </div>
    </>
  );
}

function StateCard({ icon, title, description, children }: { icon: ReactNode; title: string; description?: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full bg-gold-soft text-gold-ink">{icon}</span>
        <CardTitle as="h1">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function InvalidLink() {
  return (
    <StateCard
      icon={<Link2Off aria-hidden="true" className="h-5 w-5" />}
      title={authMessages.invalidResetLink}
      description="This page needs the link from your reset email. Request a new one from the sign-in page."
    >
      <Link to="/login" className={buttonClasses({ className: 'w-full' })}>
        Back to Sign In
      </Link>
    </StateCard>
  );
}

function ResetSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <StateCard
      icon={<CircleCheck aria-hidden="true" className="h-5 w-5" />}
      title={authMessages.resetSuccess}
      description="Your password has been updated. Taking you to sign in..."
    >
      <Link to="/login" className={buttonClasses({ className: 'w-full' })}>
        Sign In Now
      </Link>
    </StateCard>
  );
}

function Requirement({ met, children }: { met: boolean; children: ReactNode }) {
  return (
    <li className={cn('flex items-center gap-2 text-sm', met ? 'text-success' : 'text-taupe')}>
      <span
        aria-hidden="true"
        className={cn('inline-flex h-4 w-4 items-center justify-center rounded-full border', met ? 'border-success bg-success text-white' : 'border-stone')}
      >
        {met ? <Check className="h-3 w-3" /> : null}
      </span>
      {children}
      <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
    </li>
  );
}

/**
 * settings-and-admin §2.1: one message above the button, the mismatch first, then the length rule
 * (the server's own rule, checked here so that the link is not spent on a weak password).
 */
const resetFormSchema = resetPasswordInput
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (newPassword !== confirmPassword) ctx.addIssue({ code: 'custom', path: ['root'], message: authMessages.resetMismatch });
    else if (!isStrongPassword(newPassword)) ctx.addIssue({ code: 'custom', path: ['root'], message: authMessages.resetWeak });
  });

function ResetForm({ token, onDone }: { token: string; onDone(): void }) {
  const trpc = useTRPC();
  const form = useZodForm(resetFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [password, confirm] = form.watch(['newPassword', 'confirmPassword']);

  async function onSubmit({ newPassword }: { newPassword: string }) {
    try {
      await reset.mutateAsync({ token, newPassword });
      onDone();
    } catch (err) {
      if (isNetworkError(err)) {
        toast({ title: authMessages.networkErrorTitle, description: authMessages.networkError, variant: 'destructive' });
        return;
      }
      const code = appErrorCode(err);
      const description =
        code === 'invalid_token' ? authMessages.resetInvalidToken
          // The server's own words: too short, or one of the common passwords.
          : code === 'weak_password' ? errorMessage(err, authMessages.resetWeak)
            : errorMessage(err, authMessages.resetDefault);
      toast({ title: authMessages.resetFailedTitle, description, variant: 'destructive' });
    }
  }

  return (
    <StateCard icon={<KeyRound aria-hidden="true" className="h-5 w-5" />} title="Reset Password" description="Choose a new password for your account.">
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormField
          control={form.control}
          name="newPassword"
          id="reset-new-password"
          label="New Password"
          render={(field) => <PasswordInput {...field} toggleLabel="new password" autoComplete="new-password" required />}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          id="reset-confirm-password"
          label="Confirm Password"
          render={(field) => <PasswordInput {...field} toggleLabel="confirm password" autoComplete="new-password" required />}
        />
        <div className="rounded-xl border border-linen bg-sand/60 p-4">
          <p className="mb-2 text-sm font-medium text-umber" id="reset-requirements">
            Password requirements
          </p>
          <ul aria-labelledby="reset-requirements" className="flex flex-col gap-1.5">
            <Requirement met={password.length >= PASSWORD_MIN}>At least {PASSWORD_MIN} characters</Requirement>
            <Requirement met={password.length > 0 && password === confirm}>Both passwords match</Requirement>
          </ul>
        </div>
        <FormError />
        <Button type="submit" size="lg" pending={form.formState.isSubmitting} pendingLabel="Updating...">
          Update Password
        </Button>
        <Link to="/login" className={buttonClasses({ variant: 'link', className: 'self-center' })}>
          Back to Sign In
        </Link>
      </Form>
    </StateCard>
  );
}
