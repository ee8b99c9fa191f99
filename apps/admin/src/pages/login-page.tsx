import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appErrorCode, errorMessage } from '@drape/client';
import { APP_ERRORS, type AppErrorCode } from '@drape/contracts';
import { adminLoginInput, adminMessages } from '@drape/contracts/admin';
import { Alert, BotCheckWidget, Button, Form, FormField, Input, useZodForm, type BotCheckHandle } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { BrandMark } from '../components/brand-mark';
import { adminTokenStatus, clearAdminToken, saveAdminToken } from '../lib/admin-token';
import { paths } from '../lib/base-path';
import type { LoginLocationState } from '../lib/session';
import { useTRPC } from '../lib/trpc';

/** The server's bot-check challenge (the web app's sign-up uses the same one). */
const BOT_CHECK_CHALLENGE_URL = '/api/auth/bot-check';

/** Answers after which the next try needs a solved bot check (a key locked by failed logins). */
const ASKS_FOR_BOT_CHECK: readonly AppErrorCode[] = ['bot_check_required', 'bot_check_failed', 'account_locked'];

export function LoginPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;
  const form = useZodForm(adminLoginInput, { defaultValues: { adminKey: '', password: '' } });
  const [serverError, setServerError] = useState<string | null>(null);
  const [showNotice, setShowNotice] = useState(state?.notice === 'expired');
  // After the failed logins that lock a key, its admin signs in with a solved bot check
  // (docs/decisions/0020-sign-in-lock-and-enumeration.md): shown only then, and the form resubmits once it is solved.
  const [verifying, setVerifying] = useState(false);
  const botCheck = useRef<BotCheckHandle>(null);
  const botCheckConfig = useQuery(trpc.auth.botCheck.queryOptions(undefined, { enabled: verifying, staleTime: Infinity }));

  const status = adminTokenStatus();
  // A stored token that cannot be used any more is removed as soon as the login page sees it.
  useEffect(() => {
    if (status.state === 'invalid' || status.state === 'expired') clearAdminToken();
  }, [status.state]);

  useEffect(() => {
    // Nothing cached for a previous session survives into the next one.
    queryClient.clear();
    form.setFocus('adminKey');
  }, [queryClient, form]);

  const login = useMutation(
    trpc.admin.login.mutationOptions({
      onSuccess({ token, expiresAt }) {
        saveAdminToken(token, expiresAt);
        void navigate(paths.home, { replace: true });
      },
      onError(error) {
        const code = appErrorCode(error);
        if (code && ASKS_FOR_BOT_CHECK.includes(code)) {
          // A solved check is single use: whatever the answer, the next try needs a new one.
          form.setValue('turnstileToken', undefined);
          botCheck.current?.reset();
          setVerifying(true);
        }
        setServerError(errorMessage(error, adminMessages.invalidCredentials));
        form.setFocus('password');
      },
    }),
  );

  const submit = (input: typeof adminLoginInput._output) => {
    if (login.isPending) return;
    setShowNotice(false);
    if (verifying && !input.turnstileToken) {
      setServerError(APP_ERRORS.bot_check_required.message);
      botCheck.current?.focus();
      return;
    }
    setServerError(null);
    login.mutate(input);
  };

  if (status.state === 'valid' && !login.isPending) return <Navigate to={paths.home} replace />;

  const banner = serverError ?? (showNotice ? adminMessages.sessionExpired : null);

  return (
    <LoginCard>
          {banner && (
            <Alert tone={serverError ? 'error' : 'warning'} className="mt-5">
              {banner}
            </Alert>
          )}

          <Form
            form={form}
            aria-label="Admin login"
            className="mt-5 flex flex-col gap-4"
            onInvalid={() => {
              setShowNotice(false);
              setServerError(null);
            }}
            onSubmit={submit}
          >
            <FormField
              control={form.control}
              name="adminKey"
              id="admin-key"
              label="Admin Key"
              render={(field) => (
                <Input {...field} autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} maxLength={100} required />
              )}
            />
            <FormField
              control={form.control}
              name="password"
              id="admin-password"
              label="Password"
              render={(field) => <Input {...field} type="password" autoComplete="current-password" maxLength={200} required />}
            />
            {verifying && (
              <div className="flex flex-col gap-2" role="group" aria-labelledby="admin-bot-check-label">
                <p id="admin-bot-check-label" className="text-sm font-medium text-slate-700">Security Verification</p>
                <BotCheckWidget
                  ref={botCheck}
                  config={botCheckConfig.data ?? null}
                  challengeUrl={BOT_CHECK_CHALLENGE_URL}
                  onToken={(token) => {
                    form.setValue('turnstileToken', token ?? undefined);
                    if (token) void form.handleSubmit(submit)();
                  }}
                />
              </div>
            )}
            <Button type="submit" pending={login.isPending} pendingLabel="Logging in…" className="mt-1 w-full">
              Log in
            </Button>
          </Form>
    </LoginCard>
  );
}

/** The login screen's frame: the mark, the card with its heading, the operators' note. */
function LoginCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-100 px-4 py-10">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <BrandMark className="size-9" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">
            Drape <span className="font-normal text-slate-600">Admin</span>
          </span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Admin login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in with your admin key to manage Drape.</p>
          {children}
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">Authorised operators only.</p>
      </main>
    </div>
  );
}
