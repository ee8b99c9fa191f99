import { PerformancePanel } from './performance-panel';
import { PlatformToggles } from './platform-toggles';
import { PromptsPanel } from './prompts-panel';

/** The dashboard's Settings tab (settings-and-admin §2.2 "Admin settings"). */
export function SettingsTab() {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <PlatformToggles />
      <PerformancePanel />
      <div className="lg:col-span-2">
        <PromptsPanel />
      </div>
    </div>
  );
}
