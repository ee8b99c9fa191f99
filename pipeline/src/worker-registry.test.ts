import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_SECONDS, podStatus } from '@drape/operations';

describe('podStatus', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000);
  it('is running or error while heartbeats arrive, offline after missed ones or a stop', () => {
    expect(podStatus({ status: 'running', last_heartbeat_at: ago(5) }, now)).toBe('running');
    expect(podStatus({ status: 'error', last_heartbeat_at: ago(5) }, now)).toBe('error');
    expect(podStatus({ status: 'running', last_heartbeat_at: ago(OFFLINE_AFTER_SECONDS + 1) }, now)).toBe('offline');
    expect(podStatus({ status: 'stopped', last_heartbeat_at: ago(1) }, now)).toBe('offline');
  });
});
