import { deleteExpiredResetTokens, deleteExpiredSessions } from '@drape/auth';
import type { Db } from '@drape/db';
import { deleteExpiredImages, purgeDeletedAccounts } from './retention';
import type { Storage } from './storage';

export type MaintenanceTask = 'expired-sessions' | 'image-retention' | 'account-purge';

/** Runs one maintenance task; each is idempotent, so a retried job does no harm. */
export async function runMaintenance(db: Db, storage: Storage, task: MaintenanceTask): Promise<Record<string, number | boolean>> {
  switch (task) {
    case 'expired-sessions': {
      const sessions = await deleteExpiredSessions(db);
      const resetTokens = await deleteExpiredResetTokens(db);
      await db.deleteFrom('bot_check_uses').where('expires_at', '<', new Date()).execute();
      return { sessions, resetTokens };
    }
    case 'image-retention':
      return { ...(await deleteExpiredImages(db, storage)) };
    case 'account-purge':
      return { ...(await purgeDeletedAccounts(db)) };
  }
}
