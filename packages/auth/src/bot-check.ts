import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { BotCheckChallenge } from '@drape/contracts/auth';
import type { Config } from '@drape/config';
import { sharedSecret, type Db } from '@drape/db';

/**
 * The register form's bot check. ALTCHA (self-hosted proof of work, the classic v1 challenge that
 * the altcha 3 widget solves) by default; Cloudflare Turnstile when TURNSTILE_SECRET_KEY is set.
 */
export interface BotCheck {
  challenge(): Promise<BotCheckChallenge>;
  /** True once per solved challenge: a replayed payload fails. */
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}

const CHALLENGE_MINUTES = 10;
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function createBotCheck(db: Db, config: Config, turnstileVerifyUrl = TURNSTILE_VERIFY_URL): BotCheck {
  if (config.TURNSTILE_SECRET_KEY) return turnstile(config, turnstileVerifyUrl);
  return altcha(db, config);
}

function altcha(db: Db, config: Config): BotCheck {
  return {
    async challenge() {
      const c = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey: await sharedSecret(db, 'altcha'),
        maxnumber: config.ALTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      });
      return { provider: 'altcha', algorithm: 'SHA-256', challenge: c.challenge, salt: c.salt, signature: c.signature, maxnumber: c.maxnumber ?? config.ALTCHA_MAX_NUMBER };
    },
    async verify(token) {
      let payload: { signature?: unknown; salt?: unknown };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (typeof payload?.signature !== 'string' || typeof payload.salt !== 'string') return false;
      const ok = await verifySolution(payload as never, await sharedSecret(db, 'altcha'), true).catch(() => false);
      if (!ok) return false;
      const expires = Number(extractParams(payload as never).expires);
      // Single use: the signature is recorded until the challenge would have expired anyway.
      const used = await db
        .insertInto('bot_check_uses')
        .values({ signature: payload.signature, expires_at: new Date(Number.isFinite(expires) ? expires * 1000 : Date.now() + CHALLENGE_MINUTES * 60_000) })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      await db.deleteFrom('bot_check_uses').where('expires_at', '<', new Date()).execute();
      return Number(used.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}

function turnstile(config: Config, verifyUrl: string): BotCheck {
  return {
    async challenge() {
      return { provider: 'turnstile', siteKey: config.TURNSTILE_SITE_KEY ?? '' };
    },
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret: config.TURNSTILE_SECRET_KEY ?? '', response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetch(verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        const json = (await res.json()) as { success?: boolean };
        return json.success === true;
      } catch {
        return false;
      }
    },
  };
}
