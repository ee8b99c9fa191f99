import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Holds every thread of libuv's pool (where argon2, file reads and zlib run) until released: each
 * thread waits in the open of a named pipe that has no writer yet. Work queued meanwhile (a
 * password check) waits, as it does behind a burst of sign-ins, for as long as the test wants,
 * with no timing involved.
 */
export interface HeldThreadPool {
  release(): Promise<void>;
}

export async function holdThreadPool(threads = Number(process.env.UV_THREADPOOL_SIZE) || 4): Promise<HeldThreadPool> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-pool-'));
  const pipes = Array.from({ length: threads }, (_, i) => path.join(dir, `pipe-${i}`));
  execFileSync('mkfifo', pipes);
  const reads = pipes.map((pipe) => fs.promises.readFile(pipe));
  return {
    async release() {
      for (const pipe of pipes) {
        // Non-blocking: ENXIO until that pipe's reader is in its open, then this lets it through.
        for (;;) {
          try {
            fs.closeSync(fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
            break;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENXIO') throw err;
            await new Promise((r) => setTimeout(r, 5));
          }
        }
      }
      await Promise.all(reads);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
