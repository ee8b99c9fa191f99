import { useDeferredValue, useId, useState } from 'react';
import { LogOut } from 'lucide-react';
import { appErrorCode, errorMessage } from '@drape/client';
import { TIERS, TIER_NAMES, type Tier } from '@drape/contracts';
import { adminUsersMessages, type AdminUserRow } from '@drape/contracts/admin';
import { Alert, Badge, Button, Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner } from '@drape/ui';
import { LoadMore } from '../../lib/load-more';
import { QueryError } from '../../lib/query-error';
import { ReferralsDialog } from './referrals-dialog';
import { useEndSessions, userFilters, useUsers, type TestFilter } from './use-users';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const count = new Intl.NumberFormat();

const control = 'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-indigo-500 focus:outline-none';

/**
 * Every account, newest sign-ups first: search, tier and test filters, ending a user's sessions,
 * and a referrer's held referrals marked, to review (release or revoke).
 */
export function UserList() {
  const ids = { search: useId(), tier: useId(), test: useId() };
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const [tier, setTier] = useState<Tier | 'all'>('all');
  const [test, setTest] = useState<TestFilter>('all');
  const [ending, setEnding] = useState<AdminUserRow | null>(null);
  const [reviewing, setReviewing] = useState<AdminUserRow | null>(null);
  const list = useUsers(userFilters(search, tier, test));
  const users = list.items;

  return (
    <section aria-labelledby="user-list-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 id="user-list-heading" className="text-lg font-semibold tracking-tight text-slate-900">
          Users
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.search} className="text-sm font-medium text-slate-700">Search</label>
            <input id={ids.search} type="search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} placeholder="Username or email starts with…" maxLength={100} autoComplete="off" spellCheck={false} className={control} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.tier} className="text-sm font-medium text-slate-700">Tier</label>
            <select id={ids.tier} value={tier} onChange={(e) => setTier(e.target.value as Tier | 'all')} className={control}>
              <option value="all">All tiers</option>
              {TIERS.map((t) => (
                <option key={t} value={t}>{TIER_NAMES[t]}</option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.test} className="text-sm font-medium text-slate-700">Accounts</label>
            <select id={ids.test} value={test} onChange={(e) => setTest(e.target.value as TestFilter)} className={control}>
              <option value="all">All accounts</option>
              <option value="real">Real users</option>
              <option value="test">Test users</option>
            </select>
          </div>
        </div>
      </div>

      {list.isPending ? (
        <div role="status" className="flex items-center gap-3 border-t border-slate-100 p-6 text-sm text-slate-600">
          <Spinner className="h-5 w-5" /> Loading users…
        </div>
      ) : list.isError && users.length === 0 ? (
        <div className="border-t border-slate-100 p-6 empty:hidden">
          <QueryError error={list.error} fallback={adminUsersMessages.loadFailed} onRetry={() => void list.refetch()} />
        </div>
      ) : users.length === 0 ? (
        <p className="border-t border-slate-100 p-6 text-sm text-slate-600">{adminUsersMessages.noUsers}</p>
      ) : (
        <UsersTable users={users} onEnd={setEnding} onReview={setReviewing} />
      )}

      {list.isError && users.length > 0 && appErrorCode(list.error) !== 'admin_unauthorized' && (
        <div className="p-4"><Alert>{errorMessage(list.error, adminUsersMessages.loadFailed)}</Alert></div>
      )}
      {list.hasNextPage && (
        <div className="flex justify-center border-t border-slate-100 p-4">
          <LoadMore list={list} />
        </div>
      )}

      <ReferralsDialog referrer={reviewing} onClose={() => setReviewing(null)} />
      <EndSessionsDialog user={ending} onClose={() => setEnding(null)} />
    </section>
  );
}

function UsersTable({ users, onEnd, onReview }: { users: AdminUserRow[]; onEnd: (u: AdminUserRow) => void; onReview: (u: AdminUserRow) => void }) {
  return (
    <div className="overflow-x-auto border-t border-slate-100">
      <table className="w-full min-w-[52rem] text-left text-sm" aria-label="Users">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">User</th>
            <th scope="col" className="px-4 py-3">Tier</th>
            <th scope="col" className="px-4 py-3">Signed up</th>
            <th scope="col" className="px-4 py-3">Active sessions</th>
            <th scope="col" className="px-4 py-3">Last active</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((u) => (
            <tr key={u.id}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="flex items-center gap-2">
                  <span className="font-medium text-slate-900">{u.username}</span>
                  {u.isTest && <Badge tone="gold">Test</Badge>}
                  {u.heldReferrals > 0 && (
                    // The mark is the way in: it opens the referrer's review (Release, Revoke).
                    <button type="button" onClick={() => onReview(u)} className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
                      <Badge tone="danger" className="hover:bg-danger/15">{count.format(u.heldReferrals)} held referral{u.heldReferrals === 1 ? '' : 's'}</Badge>
                      <span className="sr-only"> of {u.username}: review</span>
                    </button>
                  )}
                </span>
                <span className="block text-xs break-all text-slate-500">{u.email}</span>
              </th>
              <td className="px-4 py-3 text-slate-700">{TIER_NAMES[u.tier]}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700"><time dateTime={u.createdAt}>{day.format(new Date(u.createdAt))}</time></td>
              <td className="px-4 py-3 text-slate-700">{count.format(u.activeSessions)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{u.lastActiveAt ? <time dateTime={u.lastActiveAt}>{moment.format(new Date(u.lastActiveAt))}</time> : '—'}</td>
              <td className="px-4 py-3 text-right">
                <Button variant="outline" size="sm" disabled={u.activeSessions === 0} onClick={() => onEnd(u)} aria-label={`End sessions of ${u.username}`}>
                  <LogOut aria-hidden="true" className="h-4 w-4" /> End sessions
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndSessionsDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const endSessions = useEndSessions(onClose);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !endSessions.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End every session?</DialogTitle>
          <DialogDescription>
            {user ? `${user.username} is signed out on all ${count.format(user.activeSessions)} devices and has to sign in again.` : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="text-sm text-slate-600">Their account, looks and wardrobe stay as they are.</DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={endSessions.isPending}>Cancel</Button>
          <Button variant="destructive" pending={endSessions.isPending} pendingLabel="Ending…" onClick={() => user && endSessions.mutate(user)}>
            End sessions
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
