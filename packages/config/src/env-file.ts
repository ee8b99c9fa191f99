import path from 'node:path';

/** The file every process reads its settings from, when present, in the folder it starts in. */
export const ENV_FILE = '.env';

/**
 * Loads `.env` (or `file`) into process.env with Node's own parser (process.loadEnvFile, Node
 * 20.12+), as dotenv would: a variable already set in the environment wins over the file, so a
 * deployment's environment, and a parent process's choices for its children, are never undone.
 * Returns the file's path when it was read, null when there is none.
 */
export function readEnvFile(file: string = ENV_FILE): string | null {
  const full = path.resolve(file);
  try {
    process.loadEnvFile(full);
    return full;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Could not read the settings in ${full}: ${(err as Error).message}`);
  }
}
