import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema, SETTING_NAMES } from './config';
import { readEnvFile } from './env-file';

const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env.example');

/** The example's settings as they read once uncommented: `# NAME=value` lines, a comment above each. */
function exampleSettings(): { values: NodeJS.Dict<string>; names: string[]; uncommented: string[] } {
  const lines = fs.readFileSync(EXAMPLE, 'utf8').split('\n');
  const setting = /^# ?([A-Z][A-Z0-9_]*)=(.*)$/;
  const names: string[] = [];
  const uncommented: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (/^[A-Z][A-Z0-9_]*=/.test(line)) uncommented.push(line);
    const m = setting.exec(line);
    if (!m) continue;
    names.push(m[1]!);
    // Each setting is explained: the line above is a comment (its explanation, or its pair's setting line).
    expect(lines[i - 1], `a comment above ${m[1]}`).toMatch(/^# /);
  }
  const values = parseEnv(lines.filter((l) => setting.test(l)).map((l) => l.replace(setting, '$1=$2')).join('\n'));
  return { values, names, uncommented };
}

describe('.env.example', () => {
  it('lists every setting of the configuration, and nothing else, once each', () => {
    const { names } = exampleSettings();
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it("shows each setting's default: uncommented, a line means what leaving it out means", () => {
    const { values, uncommented } = exampleSettings();
    // Copied as it is to .env, the file changes nothing.
    expect(uncommented).toEqual([]);
    const shape = configSchema.shape as Record<string, { parse(v: unknown): unknown }>;
    for (const name of SETTING_NAMES) {
      const raw = values[name] ?? '';
      const fallback = shape[name]!.parse(undefined);
      if (fallback === undefined) expect(raw, `${name} has no default: its line is empty`).toBe('');
      else expect(shape[name]!.parse(raw), `${name}=${raw}`).toEqual(fallback);
    }
  });
});

describe('readEnvFile', () => {
  const saved = { ...process.env };
  const made: string[] = [];
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads the file into the environment; a variable already set wins over it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-env-'));
    made.push(dir);
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nDRAPE_T_FROM_FILE=file\nDRAPE_T_BOTH=file\nDRAPE_T_QUOTED="a # b"\n');
    process.env.DRAPE_T_BOTH = 'environment';
    expect(readEnvFile(file)).toBe(file);
    expect(process.env.DRAPE_T_FROM_FILE).toBe('file');
    expect(process.env.DRAPE_T_BOTH).toBe('environment');
    expect(process.env.DRAPE_T_QUOTED).toBe('a # b');
  });

  it('is no error when there is no file', () => {
    expect(readEnvFile(path.join(os.tmpdir(), 'drape-no-such-dir', '.env'))).toBeNull();
  });
});
