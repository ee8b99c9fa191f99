import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@drape/client';
import { adminMessages } from '@drape/contracts';
import { Alert } from '../components/Alert';
import { BrandMark } from '../components/brand-mark';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { adminTokenStatus, clearAdminToken, saveAdminToken } from '../lib/admin-token';
import { paths } from '../lib/base-path';
import type { LoginLocationState } from '../lib/session';
import { useTRPC } from '../lib/trpc';

interface FieldErrors {
  adminKey?: string;
  password?: string;
}

function validate(adminKey: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!adminKey.trim()) errors.adminKey = adminMessages.keyRequired;
  if (!password) errors.password = adminMessages.passwordRequired;
  return errors;
}

export function LoginPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginLocationState | null;

  const [adminKey, setAdminKey] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [showNotice, setShowNotice] = useState(state?.notice === 'expired');
  const keyRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const status = adminTokenStatus();
  // A stored token that cannot be used any more is removed as soon as the login page sees it.
  useEffect(() => {
    if (status.state === 'invalid' || status.state === 'expired') clearAdminToken();
  }, [status.state]);

  useEffect(() => {
    // Nothing cached for a previous session survives into the next one.
    queryClient.clear();
    keyRef.current?.focus();
  }, [queryClient]);

  const login = useMutation(
    trpc.admin.login.mutationOptions({
      onSuccess({ token, expiresAt }) {
        saveAdminToken(token, expiresAt);
        void navigate(paths.home, { replace: true });
      },
      onError(error) {
        setServerError(errorMessage(error, adminMessages.invalidCredentials));
        passwordRef.current?.focus();
      },
    }),
  );

  if (status.state === 'valid' && !login.isPending) return <Navigate to={paths.home} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    setShowNotice(false);
    setServerError(null);
    const errors = validate(adminKey, password);
    setFieldErrors(errors);
    if (errors.adminKey) return keyRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    login.mutate({ adminKey: adminKey.trim(), password });
  }

  const banner = serverError ?? (showNotice ? adminMessages.sessionExpired : null);

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

          {banner && (
            <Alert tone={serverError ? 'error' : 'warning'} className="mt-5">
              {banner}
            </Alert>
          )}

          <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" aria-label="Admin login">
            <TextField
              ref={keyRef}
              label="Admin Key"
              name="adminKey"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={100}
              required
              value={adminKey}
              error={fieldErrors.adminKey}
              onChange={(e) => {
                setAdminKey(e.target.value);
                if (fieldErrors.adminKey) setFieldErrors((f) => ({ ...f, adminKey: undefined }));
              }}
            />
            <TextField
              ref={passwordRef}
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              maxLength={200}
              required
              value={password}
              error={fieldErrors.password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (fieldErrors.password) setFieldErrors((f) => ({ ...f, password: undefined }));
              }}
            />
            <Button type="submit" loading={login.isPending} disabled={login.isPending} className="mt-1 w-full">
              {login.isPending ? 'Logging in…' : 'Log in'}
            </Button>
          </form>
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">Authorised operators only.</p>
      </main>
    </div>
  );
}
