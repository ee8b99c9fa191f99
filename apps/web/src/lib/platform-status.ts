import { MAINTENANCE_MESSAGE } from '@drape/contracts';
import type { PlatformStatus } from '@drape/contracts/admin';
import { useSyncExternalStore } from 'react';

/**
 * The platform toggles the web app follows (the admin's Settings): whether Maintenance Mode is on,
 * with the message to show, and Analytics Tracking. Maintenance is entered when any call answers
 * 503 `maintenance` (the tRPC link reports it) or when the status read says so, and left when the
 * status read says it is over: the screens then render again and fetch afresh.
 */
export interface PlatformState {
  /** The maintenance message while maintenance is on, else null. */
  maintenance: string | null;
  /** The last status read (null before the first). */
  status: PlatformStatus | null;
}

/** The status read; public and answered during maintenance (GET /api/platform, the REST twin of meta.platform). */
export const PLATFORM_STATUS_PATH = '/api/platform';

let state: PlatformState = { maintenance: null, status: null };
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function publish(next: PlatformState) {
  const ended = state.maintenance !== null && next.maintenance === null;
  state = next;
  for (const l of listeners) l();
  if (ended) for (const l of endListeners) l();
}

export const platformStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A call answered 503 `maintenance`. */
  reportMaintenance(message: string | undefined): void {
    const text = message || MAINTENANCE_MESSAGE;
    if (state.maintenance !== text) publish({ ...state, maintenance: text });
  },
  /** Maintenance ended: whatever failed during it (the query cache) is dropped. */
  onMaintenanceEnd(listener: () => void): () => void {
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  },
};

/**
 * Reads the status and follows it; a failed read changes nothing (the maintenance page asks again
 * at its next retry). Answers what it read, or null.
 */
export async function refreshPlatformStatus(): Promise<PlatformStatus | null> {
  try {
    const res = await fetch(PLATFORM_STATUS_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const status = (await res.json()) as PlatformStatus;
    publish({ status, maintenance: status.maintenanceMode ? (status.maintenanceMessage ?? MAINTENANCE_MESSAGE) : null });
    return status;
  } catch {
    return null;
  }
}

const maintenanceMessage = () => state.maintenance;

/**
 * The maintenance message while Maintenance Mode is on, else null. The app's root reads it: a
 * status read that changes nothing else (every read at start) re-renders nothing, where a new
 * state object would re-render every screen at once, synchronously.
 */
export function useMaintenance(): string | null {
  return useSyncExternalStore(platformStore.subscribe, maintenanceMessage, maintenanceMessage);
}

/** Analytics Tracking: on unless the last status read said off (the server refuses to record either way). */
export const analyticsTrackingOn = (): boolean => state.status?.analyticsTracking !== false;
