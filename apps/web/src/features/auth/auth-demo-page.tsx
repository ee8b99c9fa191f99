import type { SessionInfo } from '@drape/contracts/auth';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { Laptop, LogOut, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { useAuth, useStoredUser } from '../../lib/auth-context';
import { LoginForm } from './login-form';

/** /auth-demo: sign in, see the active sessions, log out here or everywhere (user-area §2). */
export default function AuthDemoPage() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <PageMeta title="Auth Demo" description="Sign in, list your active sessions and sign out." noindex path="/auth-demo" />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
        <PageHeader
          eyebrow="Sessions"
          title="Auth Demo"
          description="Sign in, review where your account is signed in, and sign out of one or every device."
        />
        {isAuthenticated ? <SignedInDemo /> : <SignedOutDemo />}
      </div>
    </>
  );
}

function SignedOutDemo() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Email and password are both required.</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm onSignedIn={() => undefined} showForgotPassword={false} />
      </CardContent>
    </Card>
  );
}

function SignedInDemo() {
  const trpc = useTRPC();
  const { logout, logoutAllDevices } = useAuth();
  const user = useStoredUser();
  const sessions = useQuery(trpc.auth.sessions.queryOptions(undefined, { staleTime: 0 }));
  const [busy, setBusy] = useState<'one' | 'all' | null>(null);
  // user-area §8: a failed list reads as an empty list.
  const list: SessionInfo[] = sessions.data?.sessions ?? [];

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Signed in</CardTitle>
          <CardDescription>
            {user ? `${user.firstName} ${user.lastName} · ${user.email}` : 'Your account'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 sm:flex-row">
          <Button
            variant="outline"
            disabled={busy !== null}
            pending={busy === 'one'}
            pendingLabel="Logout"
            onClick={() => {
              setBusy('one');
              void logout();
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
          </Button>
          <Button
            variant="destructive"
            disabled={busy !== null}
            pending={busy === 'all'}
            pendingLabel="Logout All Devices"
            onClick={() => {
              setBusy('all');
              void logoutAllDevices({ redirectTo: '/auth-demo' });
            }}
          >
            <MonitorSmartphone aria-hidden="true" className="h-4 w-4" /> Logout All Devices
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Active Sessions</CardTitle>
          <CardDescription>
            {sessions.isPending ? 'Loading...' : `${list.length} active ${list.length === 1 ? 'session' : 'sessions'}`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul aria-label="Active sessions" className="flex flex-col divide-y divide-linen">
            {list.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet } as const;

function SessionRow({ session }: { session: SessionInfo }) {
  const { deviceInfo } = session;
  const Icon = DEVICE_ICONS[deviceInfo.deviceType as keyof typeof DEVICE_ICONS] ?? Laptop;
  const name = [deviceInfo.browser, deviceInfo.os].filter(Boolean).join(' on ') || deviceInfo.userAgent || 'Unknown device';
  return (
    <li className="flex items-start gap-4 py-4 first:pt-0 last:pb-0">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sand text-umber">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          {name}
          {session.isCurrent ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-taupe">
          {deviceInfo.deviceType} · {session.ipAddress ?? 'IP unknown'} · last active {formatDate(session.lastActivityAt)}
        </p>
        <p className="text-xs text-taupe">Signed in {formatDate(session.createdAt)}</p>
      </div>
    </li>
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
