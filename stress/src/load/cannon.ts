import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import type { Call } from './journey';
import type { Recorder } from './figures';

/**
 * The journeys driven by autocannon's request sequences: one connection per virtual user (or the
 * admin), each with its own sequence whose steps build the next request from that user's state,
 * and read the answer back into it. autocannon loops each sequence for the run's duration; the
 * recorder gets every answer's latency under the kind of its call.
 */
export interface Actor {
  /** Its own client address, named in X-Forwarded-For. */
  address: string;
  /** The Authorization header's value, when signed in. */
  authorization(): string | undefined;
  /** The steps of one visit, each building its call when its turn comes (null: start the visit again). */
  steps: (() => Call | null)[];
}

export interface CannonOptions {
  url: string;
  seconds: number;
  /** Seconds without an answer before autocannon counts a timeout. */
  timeoutSeconds: number;
  actors: Actor[];
  recorder: Recorder;
}

/**
 * The connection's calls: the one whose answer is awaited, and the one before it. autocannon builds
 * the next request before it reports a timeout (it reconnects and sends on at once), so a timeout
 * belongs to the call before the current one.
 */
interface InFlight {
  call: Call;
  previous: Call;
}

function sequence(actor: Actor, recorder: Recorder, current: InFlight): autocannon.Request[] {
  return actor.steps.map((step) => ({
    setupRequest: (req: autocannon.Request) => {
      const call = step();
      // autocannon starts the sequence again when a step builds nothing.
      if (!call) return null as unknown as autocannon.Request;
      current.previous = current.call;
      current.call = call;
      const headers: Record<string, string> = { 'x-forwarded-for': actor.address, accept: 'application/json', 'user-agent': 'drape-load/1' };
      const auth = actor.authorization();
      if (auth) headers.authorization = auth;
      let body: string | undefined;
      if (call.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(call.body);
      }
      return { ...req, method: call.method, path: call.path, headers, body };
    },
    onResponse: (status: number, body: string, _context: object, headers?: Record<string, unknown>) => {
      const call = current.call;
      const timing = /dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''));
      if (timing) recorder.serverTime(call.kind, Number(timing[1]));
      if (status < 200 || status > 299) {
        recorder.fail({ kind: call.kind, status, detail: body.slice(0, 300) });
        return;
      }
      try {
        call.read?.(body ? JSON.parse(body) : null);
      } catch (err) {
        recorder.fail({ kind: call.kind, status, detail: `unreadable answer (${String(err)}): ${body.slice(0, 200)}` });
      }
    },
  }));
}

/** autocannon's own counts, summed over the waves. */
export interface CannonCounts {
  connections: number;
  non2xx: number;
  timeouts: number;
  errors: number;
}

/** Runs every actor, each on its own connection, for `seconds`. */
export async function drive(opts: CannonOptions): Promise<CannonCounts> {
  let next = 0;
  const r = await autocannon({
    url: opts.url,
    connections: opts.actors.length,
    duration: opts.seconds,
    timeout: opts.timeoutSeconds,
    // Replaced per connection below; autocannon wants a sequence to start from.
    requests: [{ method: 'GET', path: '/api/version' }],
    setupClient: (client) => {
      const actor = opts.actors[next++];
      if (!actor) throw new Error('more connections than actors');
      const none: Call = { kind: 'none', method: 'GET', path: '/' };
      const current: InFlight = { call: none, previous: none };
      client.setRequests(sequence(actor, opts.recorder, current));
      client.on('response', (status: number, _bytes: number, ms: number) => opts.recorder.answer(current.call.kind, status, ms));
      const events = client as unknown as EventEmitter;
      events.on('timeout', () => opts.recorder.timeout(current.previous.kind));
      events.on('connError', (err: Error) => opts.recorder.connectionError(current.call.kind, err));
    },
  });
  return { connections: r.connections, non2xx: r.non2xx, timeouts: r.timeouts, errors: r.errors };
}
