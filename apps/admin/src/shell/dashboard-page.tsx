import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@drape/ui';
import { ScreenLoading } from '../components/screen-loading';
import { WelcomePage } from '../pages/welcome-page';
import { DASHBOARD_TABS, dashboardTabIds } from './dashboard-tabs';
import { MENU_ITEMS } from './menu';

/**
 * {base}: the dashboard with its tabs. The open tab is in the address (?tab=), so the side menu,
 * a reload and the back button agree; an unknown tab opens the first.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const ids = dashboardTabIds();
  if (ids.length === 0) return <WelcomePage />;
  const asked = params.get('tab');
  const current = asked && ids.includes(asked) ? asked : ids[0]!;
  return (
    <section aria-labelledby="dashboard-heading" className="mx-auto flex max-w-7xl flex-col gap-5">
      <h1 id="dashboard-heading" className="sr-only">
        Dashboard
      </h1>
      <Tabs value={current} onValueChange={(tab) => setParams({ tab })}>
        <div className="overflow-x-auto pb-1">
          <TabsList aria-label="Dashboard sections" className="w-max min-w-full bg-slate-200/70">
            {ids.map((id) => (
              <TabsTrigger key={id} value={id} className="text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900">
                {MENU_ITEMS.find((i) => i.id === id)?.label ?? id}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {ids.map((id) => {
          const Panel = DASHBOARD_TABS[id]!;
          return (
            <TabsContent key={id} value={id} className="mt-4">
              {id === current && (
                <Suspense fallback={<ScreenLoading />}>
                  <Panel />
                </Suspense>
              )}
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
