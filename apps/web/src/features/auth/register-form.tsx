import { appErrorCode, errorMessage } from '@drape/client';
import { usernameMessages, usernameProblem, type AppErrorCode } from '@drape/contracts';
import { authMessages, type AuthAnswer } from '@drape/contracts/auth';
import { Button, Checkbox, Form, FormController, FormError, FormField, Input, useZodForm } from '@drape/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useAuth } from '../../lib/auth-context';
import { useTRPC } from '../../lib/trpc';
import { BotCheck, type BotCheckHandle } from './bot-check';
import { EmailInput } from './email-input';
import { LegalDialog } from './legal-dialog';
import { ReferrerCombobox, type Referrer } from './referrer-combobox';
import { registerFormSchema } from './register-schema';
import { useUsernameAvailability } from './use-username-availability';

/** Where a server refusal is shown: beside its field, else above the button. */
const SERVER_ERROR_FIELD = {
  user_exists: 'email',
  username_taken: 'username',
  invalid_username: 'username',
  invalid_promo: 'promoCode',
  bot_check_failed: 'turnstileToken',
  weak_password: 'password',
  user_not_found: 'referredByUserId',
} as const satisfies Partial<Record<AppErrorCode, string>>;

/**
 * Refusals the server makes before it looks at the bot check, which then stays unspent. After
 * any other (an email that exists, a taken username, a bad promo code...) the solved check is
 * spent, and the form asks for a new one rather than sending a dead token again.
 */
const BEFORE_BOT_CHECK: readonly AppErrorCode[] = ['rate_limited', 'weak_password', 'invalid_username', 'invalid_input'];

function serverErrorField(code: AppErrorCode | undefined) {
  return code && code in SERVER_ERROR_FIELD ? SERVER_ERROR_FIELD[code as keyof typeof SERVER_ERROR_FIELD] : 'root';
}

export interface RegisterFormProps {
  /** A referral username from /auth?ref=...: fills 'Referred by a friend?' with that member. */
  referralUsername: string | null;
  onRegistered(answer: AuthAnswer): void;
}

/** The member a referral link names, found by the referrer search (exact username, any case). */
function useReferralMember(username: string | null): Referrer | null {
  const trpc = useTRPC();
  const wellFormed = username !== null && !usernameProblem(username);
  const search = useQuery(trpc.auth.searchUsers.queryOptions({ q: username ?? '' }, { enabled: wellFormed, staleTime: Infinity }));
  const wanted = username?.toLowerCase();
  return (wellFormed && search.data?.users.find((u) => u.username.toLowerCase() === wanted)) || null;
}

export function RegisterForm({ referralUsername, onRegistered }: RegisterFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { signIn } = useAuth();
  const botCheck = useRef<BotCheckHandle>(null);
  const register = useMutation(trpc.auth.register.mutationOptions());
  const referrer = useReferralMember(referralUsername);

  const schema = useMemo(
    () =>
      registerFormSchema(async (username) => {
        // The live check may have answered already: an 'available' answer for this name stands.
        if (queryClient.getQueryData(trpc.auth.checkUsername.queryKey({ username }))?.available) return null;
        try {
          const answer = await queryClient.fetchQuery(trpc.auth.checkUsername.queryOptions({ username }, { staleTime: 0 }));
          return answer.available ? null : answer.message;
        } catch {
          return usernameMessages.checkFailed;
        }
      }),
    [queryClient, trpc],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      username: '',
      password: '',
      confirmPassword: '',
      referredByUserId: null,
      promoCode: '',
      turnstileToken: '',
      acceptTerms: false,
    },
  });
  const availability = useUsernameAvailability(form.watch('username'));
  const termsAccepted = form.watch('acceptTerms');
  const usernameError = form.formState.errors.username;

  return (
    <Form
      form={form}
      aria-label="Create account"
      className="flex flex-col gap-5"
      onSubmit={async (values) => {
        if (!values.acceptTerms) return;
        try {
          const answer = await register.mutateAsync({
            email: values.email,
            password: values.password,
            username: values.username,
            firstName: values.firstName,
            lastName: values.lastName,
            promoCode: values.promoCode || null,
            referredByUserId: values.referredByUserId,
            // The field carries a member it found (and the person may have cleared it); a name the
            // search did not confirm still goes along, for the server to judge.
            ref: referrer ? null : referralUsername,
            turnstileToken: values.turnstileToken,
          });
          signIn(answer);
          onRegistered(answer);
        } catch (err) {
          const code = appErrorCode(err);
          if (!code || !BEFORE_BOT_CHECK.includes(code)) {
            botCheck.current?.reset();
            if (code !== 'bot_check_failed') form.setError('turnstileToken', { message: authMessages.verifyAgain });
          }
          form.setError(serverErrorField(code), { message: errorMessage(err, 'Unable to create your account. Please try again.') }, { shouldFocus: true });
        }
      }}
    >
      <FormField control={form.control} name="email" id="reg-email" label="Email" render={(field) => <EmailInput {...field} />} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="firstName"
          id="reg-first-name"
          label="First Name"
          render={(field) => <Input {...field} autoComplete="given-name" required />}
        />
        <FormField
          control={form.control}
          name="lastName"
          id="reg-last-name"
          label="Last Name"
          render={(field) => <Input {...field} autoComplete="family-name" required />}
        />
      </div>
      <FormField
        control={form.control}
        name="username"
        id="reg-username"
        label="Username"
        hint="3 to 20 letters, numbers, underscores or hyphens. Your referral link uses it."
        status={usernameError ? undefined : availability.message || undefined}
        statusTone={availability.state === 'available' ? 'success' : availability.state === 'unavailable' ? 'error' : 'neutral'}
        render={(field) => <Input {...field} autoComplete="username" autoCapitalize="none" spellCheck={false} required />}
      />
      <FormField
        control={form.control}
        name="password"
        id="reg-password"
        label="Password"
        hint="At least 8 characters."
        render={(field) => <Input {...field} type="password" autoComplete="new-password" required />}
      />
      <FormField
        control={form.control}
        name="confirmPassword"
        id="reg-confirm-password"
        label="Confirm Password"
        render={(field) => <Input {...field} type="password" autoComplete="new-password" required />}
      />
      <FormField
        control={form.control}
        name="referredByUserId"
        id="reg-referrer"
        label="Referred by a friend?"
        aside="Optional"
        hint="Search by name or username"
        render={(field) => <ReferrerCombobox {...field} initialReferrer={referrer} />}
      />
      <FormField
        control={form.control}
        name="promoCode"
        id="reg-promo"
        label="Promo Code"
        aside="Optional"
        render={({ value, ...field }) => <Input {...field} value={value ?? ''} autoComplete="off" autoCapitalize="characters" />}
      />
      <FormController
        control={form.control}
        name="turnstileToken"
        render={({ field, error }) => (
          <div className="flex flex-col gap-2" role="group" aria-labelledby="reg-bot-check-label">
            <p id="reg-bot-check-label" className="flex items-center gap-2 text-sm font-medium text-umber">
              <ShieldCheck aria-hidden="true" className="h-4 w-4 text-gold-ink" /> Security Verification
            </p>
            <BotCheck
              ref={(handle) => {
                botCheck.current = handle;
                field.ref(handle);
              }}
              // A solved check clears its error; losing the token (expiry, a reset) keeps what is shown.
              onToken={(token) => (token ? field.onChange(token) : form.setValue('turnstileToken', ''))}
            />
            {error ? (
              <p role="alert" className="text-xs font-medium text-danger">
                {error}
              </p>
            ) : null}
          </div>
        )}
      />
      <div className="flex items-start gap-3">
        <Checkbox id="reg-terms" {...form.register('acceptTerms')} />
        <label htmlFor="reg-terms" className="text-sm leading-relaxed text-umber">
          I agree to the <LegalDialog doc="terms" /> and <LegalDialog doc="privacy" />
        </label>
      </div>
      <FormError />
      <Button type="submit" size="lg" disabled={!termsAccepted} pending={form.formState.isSubmitting} pendingLabel="Creating account...">
        Create Account
      </Button>
    </Form>
  );
}
