import {
  APP_ERRORS, authMessages, isStrongPassword, registerInput, usernameMessages, type AuthAnswer, type RegisterInput,
} from '@drape/contracts';
import { Button, Checkbox, Field, FormMessage, Input, Spinner } from '@drape/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { appErrorCode, errorMessage } from '@drape/client';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../../lib/auth-context';
import { BotCheck, type BotCheckHandle } from './bot-check';
import { LegalDialog } from './legal-dialog';
import { ReferrerField } from './referrer-field';
import { useUsernameAvailability } from './use-username-availability';
import { EmailField } from './email-field';

type FieldKey =
  | 'email' | 'firstName' | 'lastName' | 'username' | 'password' | 'confirmPassword' | 'referrer' | 'promoCode' | 'botCheck' | 'form';
type Errors = Partial<Record<FieldKey, string>>;

const FIELD_IDS: Record<Exclude<FieldKey, 'form'>, string> = {
  email: 'reg-email',
  firstName: 'reg-first-name',
  lastName: 'reg-last-name',
  username: 'reg-username',
  password: 'reg-password',
  confirmPassword: 'reg-confirm-password',
  referrer: 'reg-referrer',
  promoCode: 'reg-promo',
  botCheck: 'reg-bot-check',
};
const ORDER = Object.keys(FIELD_IDS) as Exclude<FieldKey, 'form'>[];

/** Where a server refusal is shown. */
const SERVER_ERROR_FIELD: Partial<Record<string, FieldKey>> = {
  user_exists: 'email',
  username_taken: 'username',
  invalid_username: 'username',
  invalid_promo: 'promoCode',
  bot_check_failed: 'botCheck',
  weak_password: 'password',
  user_not_found: 'referrer',
};

const INPUT_FIELD: Partial<Record<keyof RegisterInput, FieldKey>> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  username: 'username',
  password: 'password',
  promoCode: 'promoCode',
  referredByUserId: 'referrer',
  turnstileToken: 'botCheck',
};

export interface RegisterFormProps {
  /** A referral username from /auth?ref=...: pre-fills the promo code and counts the referral. */
  referralUsername: string | null;
  onRegistered(answer: AuthAnswer): void;
}

export function RegisterForm({ referralUsername, onRegistered }: RegisterFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [referrerText, setReferrerText] = useState('');
  const [referrerId, setReferrerId] = useState<string | null>(null);
  const [promoCode, setPromoCode] = useState(referralUsername ?? '');
  const [botToken, setBotToken] = useState<string | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [checking, setChecking] = useState(false);
  const botCheck = useRef<BotCheckHandle>(null);
  const availability = useUsernameAvailability(username);
  const register = useMutation(trpc.auth.register.mutationOptions());
  const busy = checking || register.isPending;

  const clearError = (key: FieldKey) => setErrors((e) => (e[key] || e.form ? { ...e, [key]: undefined, form: undefined } : e));

  function focusFirst(errs: Errors) {
    const first = ORDER.find((k) => errs[k]);
    if (!first) return;
    const el = document.getElementById(FIELD_IDS[first]);
    (first === 'botCheck' ? el?.querySelector<HTMLElement>('input[type="checkbox"]') : el)?.focus();
  }

  async function usernameIsFree(name: string): Promise<string | null> {
    if (availability.checked === name && availability.state === 'available') return null;
    try {
      const answer = await queryClient.fetchQuery(trpc.auth.checkUsername.queryOptions({ username: name }, { staleTime: 0 }));
      return answer.available ? null : answer.message;
    } catch {
      return usernameMessages.checkFailed;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!termsAccepted || busy) return;
    const input = {
      email,
      password,
      username,
      firstName,
      lastName,
      promoCode: promoCode.trim() || null,
      referredByUserId: referrerId,
      ref: referralUsername,
      turnstileToken: botToken ?? '',
    };
    const next: Errors = {};
    const parsed = registerInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = INPUT_FIELD[issue.path[0] as keyof RegisterInput];
        if (key && !next[key]) next[key] = issue.message;
      }
    }
    if (!next.password && !isStrongPassword(password)) next.password = APP_ERRORS.weak_password.message;
    if (password !== confirmPassword) next.confirmPassword = authMessages.passwordsDoNotMatch;
    if (!next.username) {
      setChecking(true);
      const problem = await usernameIsFree(username.trim());
      setChecking(false);
      if (problem) next.username = problem;
    }
    if (Object.keys(next).length > 0 || !parsed.success) {
      setErrors(next);
      focusFirst(next);
      return;
    }
    setErrors({});
    try {
      const answer = await register.mutateAsync(parsed.data);
      signIn(answer);
      onRegistered(answer);
    } catch (err) {
      const code = appErrorCode(err);
      const key = (code && SERVER_ERROR_FIELD[code]) || 'form';
      const message = errorMessage(err, 'Unable to create your account. Please try again.');
      if (code === 'bot_check_failed') botCheck.current?.reset();
      const errs = { [key]: message };
      setErrors(errs);
      focusFirst(errs);
    }
  }

  const usernameStatus = errors.username ? undefined : availability.message || undefined;
  const usernameTone = availability.state === 'available' ? 'success' : availability.state === 'unavailable' ? 'error' : 'neutral';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Create account">
      <EmailField
        id={FIELD_IDS.email}
        value={email}
        onChange={(value) => {
          setEmail(value);
          clearError('email');
        }}
        error={errors.email}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={FIELD_IDS.firstName} label="First Name" error={errors.firstName}>
          {(control) => (
            <Input
              {...control}
              name="firstName"
              autoComplete="given-name"
              required
              value={firstName}
              onChange={(e) => {
                setFirstName(e.target.value);
                clearError('firstName');
              }}
            />
          )}
        </Field>
        <Field id={FIELD_IDS.lastName} label="Last Name" error={errors.lastName}>
          {(control) => (
            <Input
              {...control}
              name="lastName"
              autoComplete="family-name"
              required
              value={lastName}
              onChange={(e) => {
                setLastName(e.target.value);
                clearError('lastName');
              }}
            />
          )}
        </Field>
      </div>
      <Field
        id={FIELD_IDS.username}
        label="Username"
        hint="3 to 20 letters, numbers, underscores or hyphens. Your referral link uses it."
        status={usernameStatus}
        statusTone={usernameTone}
        error={errors.username}
      >
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              clearError('username');
            }}
          />
        )}
      </Field>
      <Field id={FIELD_IDS.password} label="Password" hint="At least 8 characters." error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearError('password');
            }}
          />
        )}
      </Field>
      <Field id={FIELD_IDS.confirmPassword} label="Confirm Password" error={errors.confirmPassword}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => {
              setConfirmPassword(e.target.value);
              clearError('confirmPassword');
            }}
          />
        )}
      </Field>
      <ReferrerField
        id={FIELD_IDS.referrer}
        value={referrerText}
        onValueChange={(v) => {
          setReferrerText(v);
          clearError('referrer');
        }}
        onReferrerChange={setReferrerId}
        error={errors.referrer}
      />
      <Field id={FIELD_IDS.promoCode} label="Promo Code" aside="Optional" error={errors.promoCode}>
        {(control) => (
          <Input
            {...control}
            name="promoCode"
            autoComplete="off"
            autoCapitalize="characters"
            value={promoCode}
            onChange={(e) => {
              setPromoCode(e.target.value);
              clearError('promoCode');
            }}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2" role="group" aria-labelledby="reg-bot-check-label">
        <p id="reg-bot-check-label" className="flex items-center gap-2 text-sm font-medium text-umber">
          <ShieldCheck aria-hidden="true" className="h-4 w-4 text-gold-ink" /> Security Verification
        </p>
        <div id={FIELD_IDS.botCheck}>
          <BotCheck
            ref={botCheck}
            onToken={(token) => {
              setBotToken(token);
              if (token) clearError('botCheck');
            }}
          />
        </div>
        {errors.botCheck ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {errors.botCheck}
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id="reg-terms" checked={termsAccepted} onChange={(e) => setTermsAccepted(e.target.checked)} />
        <label htmlFor="reg-terms" className="text-sm leading-relaxed text-umber">
          I agree to the <LegalDialog doc="terms" /> and <LegalDialog doc="privacy" />
        </label>
      </div>
      <FormMessage>{errors.form}</FormMessage>
      <Button type="submit" size="lg" disabled={!termsAccepted || busy} aria-busy={busy}>
        {busy ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create Account'
        )}
      </Button>
    </form>
  );
}
