import type { BotCheck } from '@drape/auth';
import type { RequestMeta } from '../context';
import { appError } from '../errors';

/**
 * The bot check that a locked sign-in (a user's account, an admin key) asks for: none yet is
 * `bot_check_required`, one that does not verify (forged, replayed, expired) `bot_check_failed`.
 */
export async function requireBotCheck(botCheck: BotCheck, req: RequestMeta, token: string | undefined): Promise<void> {
  if (!token) throw appError('bot_check_required');
  if (!(await botCheck.verify(token, req.ipAddress))) throw appError('bot_check_failed');
}
