import { endAdminSession } from './session';
import { trpcClient } from './trpc';

/**
 * Logout: the server ends this token first (its id goes on the deny list, so a copy of it stops
 * working too; the admin's other browsers stay signed in), then the app forgets it. A call that
 * fails (offline, the token already expired) still signs out here.
 */
export async function logout(): Promise<void> {
  try {
    await trpcClient.admin.logout.mutate();
  } catch {
    /* nothing more to end on the server, or it cannot be reached: the token is forgotten below */
  } finally {
    endAdminSession('logout');
  }
}
