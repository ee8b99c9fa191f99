import { createLogger, type Logger, type LogLevel, type LogRole } from './logger';

/** One line as production writes it (JSON), parsed. */
export interface LogLine {
  level: string;
  time: string;
  role: LogRole;
  pid: number;
  hostname: string;
  msg?: string;
  [field: string]: unknown;
}

export interface CapturedLog {
  log: Logger;
  /** Every line written so far, in order. */
  lines: LogLine[];
  /** The lines' messages (a line without one gives ''). */
  messages(): string[];
}

/**
 * A real logger whose lines are kept in memory instead of written out: a test reads what a part
 * logged, field by field. The production form (JSON), parsed, every level by default.
 */
export function captureLog(opts: { role?: LogRole; level?: LogLevel } = {}): CapturedLog {
  const lines: LogLine[] = [];
  const log = createLogger({ role: opts.role ?? 'server', level: opts.level ?? 'trace', json: true, destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } });
  return { log, lines, messages: () => lines.map((l) => l.msg ?? '') };
}

/**
 * The logger a test hands a part that needs one and whose lines it does not read: warnings and
 * errors reach stderr (a test run shows them), the rest is left out.
 */
export function testLogger(role: LogRole = 'server'): Logger {
  return createLogger({ role, level: 'warn', json: false, destination: 2 });
}
