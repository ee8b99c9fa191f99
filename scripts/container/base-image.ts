import fs from 'node:fs';
import path from 'node:path';
import { run, runOk } from './podman';

/** The base every image is built on, where a registry answers (the Containerfile's default). */
export const REGISTRY_BASE = 'debian:bookworm-slim';
/** The same Debian release made on this machine with mmdebstrap, where no registry answers. */
export const LOCAL_BASE = 'localhost/drape-base:bookworm';

/** How long a pull may try before we take it that no registry answers. */
const PULL_TIMEOUT_MS = 60_000;

export interface BaseImage {
  image: string;
  /** given (BASE_IMAGE), present (made or pulled before), pulled, or made (mmdebstrap). */
  how: 'given' | 'present' | 'pulled' | 'made';
  ms: number;
}

/**
 * BASE_IMAGE when set; else debian:bookworm-slim when it is here or a registry serves it; else a
 * minimal Debian bookworm made locally with mmdebstrap from the machine's Debian mirror (with
 * ca-certificates, as the slim image lacks only what the Containerfile installs).
 */
export async function ensureBaseImage(env: NodeJS.ProcessEnv, stateDir: string, logFile: string, log: (line: string) => void): Promise<BaseImage> {
  const started = Date.now();
  const done = (image: string, how: BaseImage['how']): BaseImage => ({ image, how, ms: Date.now() - started });
  if (env.BASE_IMAGE) return done(env.BASE_IMAGE, 'given');
  for (const image of [REGISTRY_BASE, LOCAL_BASE]) {
    if ((await run('podman', ['image', 'exists', image], { env })).code === 0) return done(image, 'present');
  }
  log(`pulling ${REGISTRY_BASE}`);
  const pulled = await run('podman', ['pull', '--quiet', REGISTRY_BASE], { env, logFile, timeoutMs: PULL_TIMEOUT_MS });
  if (pulled.code === 0) return done(REGISTRY_BASE, 'pulled');
  log(`no registry answered: making ${LOCAL_BASE} with mmdebstrap (a few minutes)`);
  const tar = path.join(stateDir, 'base.tar');
  try {
    await runOk('mmdebstrap', ['--variant=minbase', '--include=ca-certificates', 'bookworm', tar], { env, logFile });
    await runOk('podman', ['import', '--change', 'CMD ["/bin/bash"]', tar, LOCAL_BASE], { env, logFile });
  } finally {
    fs.rmSync(tar, { force: true });
  }
  return done(LOCAL_BASE, 'made');
}
