import { solveChallenge } from 'altcha-lib/v1';
import { CALL_TIMEOUT_MS } from '../fault-kit';
import { UPSTREAM_HEADER } from './proxy';

/**
 * A call through the fleet's port (or to one server's own address), keeping what the fleet test
 * reads: the status, the body, which server answered (the proxy's header), and when the call
 * started and ended on this process's clock.
 */
export interface Answer {
  status: number;
  json: any;
  /** The server that answered through the proxy (null when a server was called directly). */
  upstream: string | null;
  startedAt: number;
  endedAt: number;
}

export interface AskOptions {
  token?: string;
  /** The client's address, named in X-Forwarded-For (the servers trust the proxy's hop). */
  ip: string;
  body?: unknown;
}

export async function ask(base: string, method: string, path: string, opts: AskOptions): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const startedAt = Date.now();
  let status = 0;
  let upstream: string | null = null;
  let text = '';
  try {
    const res = await fetch(`${base}${path}`, {
      method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS * 6),
    });
    status = res.status;
    upstream = res.headers.get(UPSTREAM_HEADER);
    text = await res.text();
  } catch (err) {
    status = (err as Error).name === 'TimeoutError' ? -1 : 0;
  }
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status, json, upstream, startedAt, endedAt: Date.now() };
}

export interface SignedUp {
  userId: string;
  token: string;
  ip: string;
  /** The server that handed out the bot check, and the one that took the sign-up. */
  challengedBy: string | null;
  registeredBy: string | null;
  /** The solved bot check the sign-up spent (single use, across the fleet). */
  botCheckToken: string;
}

/** Signs up through the fleet's port, solving the bot check as the widget does. */
export async function signUp(base: string, tag: string, ip: string): Promise<SignedUp> {
  const challenge = await ask(base, 'GET', '/api/auth/bot-check', { ip });
  const c = challenge.json as { challenge: string; salt: string; algorithm: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const turnstileToken = Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString('base64');
  const username = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  const body = { email: `${username}@example.com`, password: 'fleet run password 1', username, firstName: 'Fleet', lastName: 'Run', turnstileToken };
  const res = await ask(base, 'POST', '/api/auth/register', { ip, body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { userId: res.json.user.id, token: res.json.token, ip, challengedBy: challenge.upstream, registeredBy: res.upstream, botCheckToken: turnstileToken };
}

/** A second sign-up with a bot check another sign-up spent: answers the refusal (or, wrongly, the account). */
export async function signUpAgainWith(base: string, botCheckToken: string, ip: string): Promise<Answer> {
  const username = `again${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
  return ask(base, 'POST', '/api/auth/register', {
    ip, body: { email: `${username}@example.com`, password: 'fleet run password 1', username, firstName: 'Fleet', lastName: 'Run', turnstileToken: botCheckToken },
  });
}

/** Signs the fleet's admin in through its port; answers the token and the server that signed it. */
export async function adminSignIn(base: string, ip: string, credentials: { adminKey: string; password: string }): Promise<{ token: string; signedBy: string | null }> {
  const res = await ask(base, 'POST', '/api/admin/login', { ip, body: credentials });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { token: res.json.token, signedBy: res.upstream };
}

/** Calls made `count` times by `workers` loops at once (a hammer), in the order they answered. */
export async function hammer(count: number, workers: number, one: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < count) out.push(await one(next++));
  }));
  return out;
}
