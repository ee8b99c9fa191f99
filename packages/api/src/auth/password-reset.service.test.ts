import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@drape/auth';
import { authMessages } from '@drape/contracts/auth';
import { AppError } from '../errors';
import { createTestServices, type TestServices } from '../testing/services';
import { forgotPassword, resetPassword } from './password-reset.service';
import { register } from './registration.service';

let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(() => t.close());

let n = 0;
async function member() {
  n += 1;
  const email = `reset${n}-${Date.now()}@example.com`;
  const answer = await register(t.services, t.req(), {
    email, password: 'a long passphrase', username: `reset${n}_${Date.now() % 100000}`, firstName: 'Grace', lastName: 'Hopper', turnstileToken: await t.solveBotCheck(),
  });
  return { id: answer.user.id, email };
}

/** The token of the newest reset mail to this address, as the development console shows it (the outbox keeps no body). */
async function lastResetToken(email: string): Promise<string> {
  const mail = t.mails.findLast((line) => line.startsWith(`[mail] to ${email}: `) && line.includes('reset-password?token='));
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return /token=([a-z2-7]+)/.exec(mail)![1]!;
}

const mailsOf = async (email: string, kind: string) => (await t.db.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).where('kind', '=', kind).execute()).length;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('password reset', () => {
  it('answers the same for every address and mails only an existing account', async () => {
    const m = await member();
    expect(await forgotPassword(t.services, t.req(), m.email)).toEqual({ success: true, message: authMessages.resetLinkSent });
    expect(await forgotPassword(t.services, t.req(), 'nobody@example.com')).toEqual({ success: true, message: authMessages.resetLinkSent });
    expect(await mailsOf(m.email, 'password_reset')).toBe(1);
    expect(await mailsOf('nobody@example.com', 'password_reset')).toBe(0);
  });

  it('sets the password once per link, ends the sessions, voids the other links and mails the owner', async () => {
    const m = await member();
    await forgotPassword(t.services, t.req(), m.email);
    const first = await lastResetToken(m.email);
    await forgotPassword(t.services, t.req(), m.email);
    const second = await lastResetToken(m.email);
    expect(second).not.toBe(first);

    expect(await resetPassword(t.services, second, 'a brand new passphrase')).toMatchObject({ success: true });
    const row = await t.db.db.selectFrom('users').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'a brand new passphrase')).toBe(true);
    expect(await t.db.db.selectFrom('sessions').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
    // The older link of the same account is void too, and the owner is told of the change.
    expect((await failure(resetPassword(t.services, first, 'another passphrase'))).appCode).toBe('invalid_token');
    expect((await failure(resetPassword(t.services, second, 'another passphrase'))).appCode).toBe('invalid_token');
    expect(await mailsOf(m.email, 'password_changed')).toBe(1);
  });

  it('refuses a weak or common password without spending the link', async () => {
    const m = await member();
    await forgotPassword(t.services, t.req(), m.email);
    const token = await lastResetToken(m.email);
    expect(await failure(resetPassword(t.services, token, 'short'))).toMatchObject({ appCode: 'weak_password', message: authMessages.resetWeak });
    expect(await failure(resetPassword(t.services, token, 'sunshine'))).toMatchObject({ appCode: 'weak_password', message: authMessages.commonPassword });
    expect(await resetPassword(t.services, token, 'a sound new passphrase')).toMatchObject({ success: true });
  });
});
