import { deleteExpiredResetTokens, deleteExpiredSessions } from '@drape/auth';
import type { Db } from '@drape/db';

export type MaintenanceTask = 'expired-sessions';

/** Runs one maintenance task; each is idempotent, so a retried job does no harm. */
export async function runMaintenance(db: Db, task: MaintenanceTask): Promise<Record<string, number>> {
  switch (task) {
    case 'expired-sessions': {
      const sessions = await deleteExpiredSessions(db);
      const resetTokens = await deleteExpiredResetTokens(db);
      await db.deleteFrom('bot_check_uses').where('expires_at', '<', new Date()).execute();
      return { sessions, resetTokens };
    }
  }
}
