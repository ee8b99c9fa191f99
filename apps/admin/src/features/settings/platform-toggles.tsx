import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminSettingsMessages, type PlatformToggle } from '@drape/contracts/admin';
import {
  Button, Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner, Switch,
} from '@drape/ui';
import { QueryError } from '../../lib/query-error';
import { useTRPC } from '../../lib/trpc';
import { useAdminMutation } from '../../lib/use-admin-mutation';
import { SettingsCard } from './settings-card';

const TOGGLES: readonly { key: PlatformToggle; label: string; description: string }[] = [
  {
    key: 'maintenanceMode',
    label: 'Maintenance Mode',
    description: 'Users see a maintenance page and every user call answers 503. The admin area keeps working.',
  },
  {
    key: 'analyticsTracking',
    label: 'Analytics Tracking',
    description: 'Record which shopping links users open (Google and Amazon clicks per piece).',
  },
  {
    key: 'pushNotifications',
    label: 'Push Notifications',
    description: 'Allow the web app to send push notifications. Drape has no push channel yet: the choice is kept for when it does.',
  },
];

/** The three platform toggles, each saved as it changes; turning maintenance on asks first. */
export function PlatformToggles() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.settings.get.queryOptions());
  const [confirmMaintenance, setConfirmMaintenance] = useState(false);
  const update = useAdminMutation({
    ...trpc.admin.settings.update.mutationOptions(),
    onSuccess: (next) => queryClient.setQueryData(trpc.admin.settings.get.queryKey(), next),
    toasts: { success: { title: adminSettingsMessages.saved }, failure: adminSettingsMessages.saveFailed, fallback: adminSettingsMessages.saveFailed },
  });

  const change = (key: PlatformToggle, value: boolean) => {
    if (key === 'maintenanceMode' && value) {
      setConfirmMaintenance(true);
      return;
    }
    update.mutate({ [key]: value });
  };

  return (
    <SettingsCard id="platform-settings-heading" title="Platform Settings" description="Switches that apply to every user of the web app.">
      {settings.isPending ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          Loading settings…
        </div>
      ) : settings.isError ? (
        <QueryError error={settings.error} fallback={adminSettingsMessages.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {TOGGLES.map((t) => {
            const on = settings.data[t.key];
            const pending = update.isPending && update.variables?.[t.key] !== undefined;
            return (
              <li key={t.key} className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <label htmlFor={`toggle-${t.key}`} className="font-medium text-slate-900">
                    {t.label}
                  </label>
                  <p id={`toggle-${t.key}-description`} className="mt-0.5 text-sm text-slate-600">
                    {t.description}
                  </p>
                  {t.key === 'maintenanceMode' && on && (
                    <p className="mt-2 text-sm font-medium text-amber-700">Maintenance Mode is on: users see the maintenance page.</p>
                  )}
                </div>
                <div className="flex shrink-0 items-center gap-2 pt-0.5">
                  {pending && <Spinner className="h-4 w-4 text-slate-500" />}
                  <Switch
                    id={`toggle-${t.key}`}
                    checked={on}
                    disabled={update.isPending}
                    aria-describedby={`toggle-${t.key}-description`}
                    onCheckedChange={(value) => change(t.key, value)}
                    className="data-[state=checked]:bg-indigo-600"
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <MaintenanceConfirm
        open={confirmMaintenance}
        onOpenChange={setConfirmMaintenance}
        onConfirm={() => {
          setConfirmMaintenance(false);
          update.mutate({ maintenanceMode: true });
        }}
      />
    </SettingsCard>
  );
}

/** Maintenance shuts every user out: turning it on asks first. */
function MaintenanceConfirm({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{adminSettingsMessages.maintenanceConfirmTitle}</DialogTitle>
          <DialogDescription>{adminSettingsMessages.maintenanceConfirmBody}</DialogDescription>
        </DialogHeader>
        <DialogBody className="py-1" />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            Turn on maintenance
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
