import { useQuery } from '@tanstack/react-query';
import { adminStatsMessages } from '@drape/contracts/admin';
import { useTRPC } from '../../lib/trpc';
import { StatCard, StatSkeletons } from './stat-card';
import { ADMIN_STATS_POLL_MS } from '../../lib/timing';
import { QueryError } from '../../lib/query-error';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The dashboard's first tab (settings-and-admin §2.2 Analytics): admin stats and inventory stats, every 30 s. */
export function AnalyticsTab() {
  const trpc = useTRPC();
  const me = useQuery(trpc.admin.me.queryOptions());
  const stats = useQuery({ ...trpc.admin.analytics.stats.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.stats });
  const inventory = useQuery({ ...trpc.admin.analytics.inventoryStats.queryOptions(), refetchInterval: ADMIN_STATS_POLL_MS.inventoryStats });

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h2 className="text-xl font-semibold tracking-tight break-words text-slate-900">{me.data ? `Welcome, ${me.data.adminKey}` : 'Analytics'}</h2>
        <p className="mt-1 text-sm text-slate-600">Users and looks across the platform, refreshed every 30 seconds.</p>
      </header>

      <section aria-labelledby="analytics-users" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="analytics-users" className="text-base font-semibold text-slate-900">
            Users
          </h3>
          {stats.data && <p className="text-xs text-slate-500">Activity as of {time.format(new Date(stats.data.computedAt))}</p>}
        </div>
        {stats.isPending ? (
          <StatSkeletons count={4} />
        ) : stats.isError ? (
          <QueryError error={stats.error} fallback={adminStatsMessages.statsFailed} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Total users" value={stats.data.totalUsers} hint="All accounts" />
            <StatCard label="Daily active users" value={stats.data.dau} hint="Signed in, last 24 hours" />
            <StatCard label="Monthly active users" value={stats.data.mau} hint="Signed in, last 30 days" />
            <StatCard label="Sign-ups" value={stats.data.signups} hint="Last 30 days" />
          </div>
        )}
      </section>

      <section aria-labelledby="analytics-inventory" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="analytics-inventory" className="text-base font-semibold text-slate-900">
            Inventory
          </h3>
          {inventory.data && <p className="text-xs text-slate-500">Updated {time.format(inventory.dataUpdatedAt)}</p>}
        </div>
        {inventory.isPending ? (
          <StatSkeletons count={6} />
        ) : inventory.isError ? (
          <QueryError error={inventory.error} fallback={adminStatsMessages.statsFailed} onRetry={() => void inventory.refetch()} retrying={inventory.isFetching} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            <StatCard label="Total looks" value={inventory.data.total} hint="Every status" />
            <StatCard label="Viewable" value={inventory.data.viewable} hint="In the inventory for Get My Look" />
            <StatCard label="LookBook" value={inventory.data.lookbook} hint="Curated into the LookBook" />
            <StatCard label="Archived" value={inventory.data.archived} />
            <StatCard label="Total viewed" value={inventory.data.totalViewed} hint="Looks served to users" />
            <StatCard label="Created today" value={inventory.data.dailyCreated} hint="Since midnight UTC" />
          </div>
        )}
      </section>
    </div>
  );
}
