import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';

/** The pieces every benchmark needs: our real processes, started and stopped, and accounts on them. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts an entry of ours under tsx; with `listening`, resolves once it reports its port. */
export function startProcess(entry: string, env: Record<string, string>, opts: { listening: boolean; stdout?: 'inherit' | 'ignore' }): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(root, entry), [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit', 'ipc'] });
  if (!opts.listening) return Promise.resolve({ child, port: 0 });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string; port?: number }) => m?.type === 'listening' && resolve({ child, port: m.port! }));
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code})`)));
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A client address per request: the server trusts X-Forwarded-For in the benchmarks. */
export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 250) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

export interface BenchAccount {
  email: string;
  password: string;
  username: string;
  token: string;
}

/** Registers through the real API, solving the ALTCHA challenge as the widget would. */
export async function registerAccount(base: string, tag: string, promoCode?: string): Promise<BenchAccount> {
  const c = (await (await fetch(`${base}/api/auth/bot-check`)).json()) as { challenge: string; salt: string; algorithm: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const turnstileToken = Buffer.from(JSON.stringify({ ...c, number: solution?.number })).toString('base64');
  const username = `${tag}_${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`.slice(0, 20);
  const account = { email: `${username}@example.com`, password: 'bench password 1', username, firstName: 'Bench', lastName: 'Mark', turnstileToken, ...(promoCode ? { promoCode } : {}) };
  const res = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify(account) });
  if (res.status !== 201) throw new Error(`bench register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { email: account.email, password: account.password, username, token };
}
