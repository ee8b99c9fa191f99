import type { Recorder } from './figures';
import type { VirtualUser } from './virtual-user';

/**
 * The users are signed in when the measured minute starts: 200 concurrent users are people already
 * in the product, not 200 pressing "sign in" in the same second (a sign-in is an argon2 check by
 * design, and two cores give a few dozen a second at best, a handful on a busy day). They sign in
 * here through the real API, a few at a time, each from its own address; the run then signs each
 * out at the end of a visit and in again for the next, as people come and go.
 */
export async function signInEveryone(base: string, users: readonly VirtualUser[], recorder: Recorder, parallel = 4): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, users.length) }, async () => {
    while (next < users.length) {
      const u = users[next++]!;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': u.account.address },
        body: JSON.stringify({ email: u.account.email, password: u.account.password }),
      });
      const body = await res.text();
      recorder.answer('sign in', res.status, performance.now() - t0);
      const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
      if (timing) recorder.serverTime('sign in', Number(timing[1]));
      u.spent.signIns += 1;
      if (!res.ok) {
        recorder.fail({ kind: 'sign in', status: res.status, detail: body.slice(0, 300) });
        continue;
      }
      u.token = (JSON.parse(body) as { token: string }).token;
    }
  }));
}
