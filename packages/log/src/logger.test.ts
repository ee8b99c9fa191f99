import { describe, expect, it } from 'vitest';
import { createLogger, noChattierThan, type LogLevel } from './logger';
import { captureLog } from './testing';

/** A destination that keeps what the logger wrote, as text. */
function textSink() {
  const chunks: string[] = [];
  return { stream: { write: (s: string) => void chunks.push(s) }, text: () => chunks.join('') };
}

describe('the logger', () => {
  it('writes one JSON object per line in production, with the level by name, the time, the role, pid and host', () => {
    const sink = textSink();
    const log = createLogger({ role: 'pipeline', level: 'info', json: true, destination: sink.stream });
    log.info({ batchId: 'b1' }, 'batch finished');
    const lines = sink.text().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', role: 'pipeline', pid: process.pid, batchId: 'b1', msg: 'batch finished' });
    expect(typeof line.hostname).toBe('string');
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('serialises an error with its type, message and stack', () => {
    const { log, lines } = captureLog();
    log.error({ err: new TypeError('the pool broke') }, 'database connection failed');
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'database connection failed', err: { type: 'TypeError', message: 'the pool broke' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('logger.test.ts');
  });

  it('never writes an error\'s object fields (pg-pool hangs the client, password and all, on its errors), and follows its cause', () => {
    const { log, lines } = captureLog();
    const err = Object.assign(new Error('Connection terminated unexpectedly', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }), {
      client: { connectionParameters: { password: 'the-database-password' } }, code: '57P01', severity: 'FATAL',
    });
    log.warn({ err }, 'database connection failed');
    expect(JSON.stringify(lines)).not.toContain('the-database-password');
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: 'Connection terminated unexpectedly', code: '57P01', severity: 'FATAL', cause: { message: 'read ECONNRESET', code: 'ECONNRESET' } });
    expect(lines[0]!.err).not.toHaveProperty('client');
  });

  it('keeps the role and a child\'s id on every line of the child', () => {
    const { log, lines } = captureLog({ role: 'server' });
    const request = log.child({ reqId: 'req-7' });
    request.warn('slow');
    request.child({ step: 2 }).info('deeper');
    expect(lines.map((l) => [l.role, l.reqId, l.msg])).toEqual([['server', 'req-7', 'slow'], ['server', 'req-7', 'deeper']]);
  });

  it('writes a line for a person in development: time, level, [role] and the message, its fields on the same line', () => {
    const sink = textSink();
    const log = createLogger({ role: 'pipeline', level: 'info', json: false, destination: sink.stream, colorize: false });
    log.info('worker w-1 running');
    log.warn({ jobId: 'j-1' }, 'generate job failed');
    const [first, second] = sink.text().split('\n');
    expect(first).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[pipeline\] worker w-1 running$/);
    expect(second).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: \[pipeline\] generate job failed \{"jobId":"j-1"\}$/);
  });

  it('leaves out what is below LOG_LEVEL, and everything at silent', () => {
    const seen = (level: LogLevel) => {
      const { log, messages } = captureLog({ level });
      log.trace('t');
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
      log.fatal('f');
      return messages().join('');
    };
    expect(seen('trace')).toBe('tdiwef');
    expect(seen('info')).toBe('iwef');
    expect(seen('warn')).toBe('wef');
    expect(seen('fatal')).toBe('f');
    expect(seen('silent')).toBe('');
  });

  it('makes a part quieter without making a quiet process chattier', () => {
    const chatty = captureLog({ level: 'info' });
    noChattierThan(chatty.log, 'warn').info('progress');
    noChattierThan(chatty.log, 'warn').warn('trouble');
    expect(chatty.messages()).toEqual(['trouble']);
    const quiet = captureLog({ level: 'error' });
    noChattierThan(quiet.log, 'warn').warn('trouble');
    expect(quiet.messages()).toEqual([]);
  });
});
