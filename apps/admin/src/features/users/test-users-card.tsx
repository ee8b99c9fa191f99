import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { TIER_NAMES } from '@drape/contracts';
import { adminUsersMessages, type TestUserCredentials } from '@drape/contracts/admin';
import { Alert, Button } from '@drape/ui';
import { adminKeys } from '../../lib/admin-keys';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { CopyButton } from './copy-button';

/** Creates one test user per tier; their credentials are shown here once and kept nowhere else. */
export function TestUsersCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<TestUserCredentials[] | null>(null);
  const create = useAdminMutation({
    ...trpc.admin.users.createTestUsers.mutationOptions(),
    onSuccess: (answer) => {
      setMade(answer.users);
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('users') });
    },
    toasts: {
      success: (answer) => ({ title: 'Test users created', description: `${answer.users.length} test users, one per tier.` }),
      failure: adminUsersMessages.createFailed,
      fallback: adminUsersMessages.createFailed,
    },
  });

  return (
    <section aria-labelledby="test-users-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="test-users-heading" className="text-lg font-semibold tracking-tight text-slate-900">
            Test users
          </h2>
          <p className="mt-1 text-sm text-slate-600">One account per tier (Enthusiast, Stylist, Collector, Fashion Icon), marked as test users, with a random password each.</p>
        </div>
        <Button onClick={() => create.mutate()} pending={create.isPending} pendingLabel="Creating…" className="shrink-0">
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Create test users
        </Button>
      </div>

      {made && (
        <div className="mt-5 flex flex-col gap-3">
          <Alert tone="warning">{adminUsersMessages.shownOnce}</Alert>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[40rem] text-left text-sm" aria-label="New test users">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Tier</th>
                  <th scope="col" className="px-3 py-2">Username</th>
                  <th scope="col" className="px-3 py-2">Email</th>
                  <th scope="col" className="px-3 py-2">Password</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {made.map((u) => (
                  <tr key={u.username}>
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">{TIER_NAMES[u.tier]}</th>
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-1 font-mono text-xs">{u.username}<CopyButton value={u.username} label={`${TIER_NAMES[u.tier]} username`} /></span>
                    </td>
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-1 font-mono text-xs break-all">{u.email}<CopyButton value={u.email} label={`${TIER_NAMES[u.tier]} email`} /></span>
                    </td>
                    <td className="px-3 py-2">
                      <span className="flex items-center gap-1 font-mono text-xs" data-testid={`password-${u.tier}`}>{u.password}<CopyButton value={u.password} label={`${TIER_NAMES[u.tier]} password`} /></span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button variant="outline" className="self-start" onClick={() => setMade(null)}>
            I have saved them, hide the passwords
          </Button>
        </div>
      )}
    </section>
  );
}
