import { OFFICIAL_LOGO_PATH } from '@drape/contracts/brand';
import { Button } from '@drape/ui';
import { RefreshCw, Wrench } from 'lucide-react';
import { useEffect, useState } from 'react';
import { refreshPlatformStatus } from '../../lib/platform-status';
import { MAINTENANCE_RETRY_MS } from '../../lib/timing';

const seconds = Math.round(MAINTENANCE_RETRY_MS / 1000);

/**
 * What every visitor sees while Maintenance Mode is on, whatever the address: the brand, the
 * server's message, and a check every 30 seconds (or at once, by the button) that brings the
 * site back by itself when maintenance ends.
 */
export function MaintenancePage({ message }: { message: string }) {
  const [checking, setChecking] = useState(false);
  const [left, setLeft] = useState(seconds);

  const check = async () => {
    setChecking(true);
    await refreshPlatformStatus();
    setChecking(false);
    setLeft(seconds);
  };

  useEffect(() => {
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(tick);
  }, []);

  // The countdown reaching zero starts a check (which sets it back to 30).
  useEffect(() => {
    if (left === 0 && !checking) void check();
  }, [left, checking]);

  useEffect(() => {
    document.title = 'Down for maintenance · Drape';
  }, []);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-ivory px-6 py-12 text-center" aria-labelledby="maintenance-heading">
      <img src={OFFICIAL_LOGO_PATH} alt="Drape" className="h-12 w-auto" />
      <div className="mt-10 flex h-14 w-14 items-center justify-center rounded-full bg-sand text-umber">
        <Wrench aria-hidden="true" className="h-6 w-6" />
      </div>
      <h1 id="maintenance-heading" className="mt-6 font-display text-3xl font-medium tracking-tight text-ink sm:text-4xl">
        We&apos;ll be right back
      </h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-taupe">{message}</p>
      <p className="mt-6 text-sm text-taupe" role="status" aria-live="polite">
        {checking ? 'Checking…' : `Checking again in ${left} s. The site comes back on its own.`}
      </p>
      <Button variant="outline" size="sm" className="mt-4" pending={checking} pendingLabel="Checking…" onClick={() => void check()}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Check now
      </Button>
    </main>
  );
}
