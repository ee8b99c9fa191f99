import { pathToFileURL } from 'node:url';

/**
 * The container's health check (compose.yaml) and what `npm run smoke:container` waits for: the
 * server's probe on this path answers 200. Run by the image's Node, which strips the types
 * (`node scripts/container/healthcheck.ts`); imported by the smoke run for the path alone.
 */
export const PROBE_PATH = '/readyz';

/** How long one probe waits for an answer. */
const PROBE_TIMEOUT_MS = 3_000;

async function probe(): Promise<number> {
  const port = process.env.PORT ?? '3000';
  try {
    const res = await fetch(`http://127.0.0.1:${port}${PROBE_PATH}`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return res.status === 200 ? 0 : 1;
  } catch {
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await probe();
