import os from 'node:os';
import tty from 'node:tty';
import pino, { type DestinationStream, type LevelWithSilent, type Logger as PinoLogger } from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * The one logger of every Drape process (docs/decisions/0022-one-logger.md): pino, JSON lines in
 * production (NODE_ENV=production) and human lines otherwise, each line naming the process's role.
 * Work done for one request or one job logs through a child that carries its id (Fastify's reqId,
 * a job's id), so that every line of it can be found.
 */
export type Logger = PinoLogger;

/** The levels of LOG_LEVEL, quietest last. */
export type LogLevel = LevelWithSilent;

/** Which process writes: `start` is `npm start`'s supervisor, the CLI is `npm run drape`. */
export type LogRole = 'server' | 'pipeline' | 'cli' | 'start';

export interface LoggerOptions {
  role: LogRole;
  level: LogLevel;
  /** JSON lines (production); otherwise pretty lines for a person at a terminal. */
  json: boolean;
  /**
   * Where lines go: a file descriptor (stdout by default; the CLI uses stderr, keeping stdout for
   * its answers) or a stream (tests capture the lines).
   */
  destination?: number | DestinationStream;
  /** Colours in pretty lines; by default when the destination is a terminal and NO_COLOR is unset. */
  colorize?: boolean;
}

/** How deep an error's causes are followed. */
const CAUSE_DEPTH = 3;

/**
 * An error as a line carries it: its type, message and stack, its own fields that are plain values
 * (a PostgreSQL error's code, detail, severity...) and its cause. Never its object fields: pg-pool
 * hangs the whole client on a connection's error (`err.client`, with the database password in its
 * connection parameters), which pino's own serializer would write out.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (err.cause !== undefined && depth < CAUSE_DEPTH) out.cause = serializeError(err.cause, depth + 1);
  if (err instanceof AggregateError && depth < CAUSE_DEPTH) out.errors = err.errors.slice(0, 5).map((e: unknown) => serializeError(e, depth + 1));
  return out;
}

export function createLogger(opts: LoggerOptions): Logger {
  const dest = opts.destination ?? 1;
  // Synchronous writes: lines keep their order with the process's other output, and none is lost
  // when the process exits right after logging (a failed start, a signal).
  const out: DestinationStream = typeof dest === 'number' ? pino.destination({ dest, sync: true }) : dest;
  if (opts.json) {
    return pino({
      level: opts.level,
      serializers: { err: serializeError },
      base: { role: opts.role, pid: process.pid, hostname: os.hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      // "info" rather than 30: what log collectors and people filter on.
      formatters: { level: (label) => ({ level: label }) },
    }, out);
  }
  const colorize = opts.colorize ?? (typeof dest === 'number' && tty.isatty(dest) && !process.env.NO_COLOR);
  // The formatter, not pino-pretty's stream: formatting in the caller keeps the writes synchronous.
  const prettify = pinoPretty.prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,role',
    singleLine: true,
    messageFormat: (log, messageKey) => `[${String(log.role)}] ${log[messageKey] === undefined ? '' : String(log[messageKey])}`,
  });
  return pino({ level: opts.level, serializers: { err: serializeError }, base: { role: opts.role } }, { write: (line: string) => out.write(prettify(line)) });
}

/**
 * The same logger no chattier than `level` (LOG_LEVEL may already be quieter): for parts whose
 * progress lines a process leaves out, such as the embedded PostgreSQL's under the CLI.
 */
export function noChattierThan(log: Logger, level: Exclude<LogLevel, 'silent'>): Logger {
  return log.levelVal >= pino.levels.values[level]! ? log : log.child({}, { level });
}
