import { deleteExpiredDeniedTokens, deleteExpiredResetTokens, deleteExpiredSessions, giveUpStaleMail } from '@drape/auth';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';
import { deleteOldOutcomes, type MaintenanceTask } from '@drape/jobs';
import type { Storage } from '@drape/storage';
import { curateLookbook, deleteExpiredImages, deleteOldRefusals, purgeDeletedAccounts } from '@drape/operations';

/**
 * Rate-limit counters whose window has ended (rate-limiter-flexible stores each row's window end,
 * in epoch milliseconds, and starts a fresh window over an ended one; the rows stay until swept).
 */
async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const res = await db.deleteFrom('rate_limits').where('expire', '<', Date.now()).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Runs one maintenance task; each is idempotent, so a retried job does no harm. */
export async function runMaintenance(
  db: Db, storage: Storage, task: MaintenanceTask, config: Pick<Config, 'LOOKBOOK_AUTOCURATE'>,
): Promise<Record<string, number | boolean>> {
  switch (task) {
    case 'expired-rows': {
      const sessions = await deleteExpiredSessions(db);
      const resetTokens = await deleteExpiredResetTokens(db);
      const botChecks = Number((await db.deleteFrom('bot_check_uses').where('expires_at', '<', new Date()).executeTakeFirst()).numDeletedRows);
      const rateLimits = await deleteExpiredRateLimits(db);
      const outcomes = await deleteOldOutcomes(db);
      const staleMails = await giveUpStaleMail(db);
      const deniedAdminTokens = await deleteExpiredDeniedTokens(db);
      const auditRefusals = await deleteOldRefusals(db);
      return { sessions, resetTokens, botChecks, rateLimits, outcomes, staleMails, deniedAdminTokens, auditRefusals };
    }
    case 'image-retention':
      return { ...(await deleteExpiredImages(db, storage)) };
    case 'account-purge':
      return { ...(await purgeDeletedAccounts(db, { storage })) };
    case 'lookbook-curation':
      return { ...(await curateLookbook(db, config.LOOKBOOK_AUTOCURATE)) };
  }
}
