import { LOOKBOOK_CHANGES_CHANNEL, type Db } from '@drape/db';
import { listenForever, type Listener } from '@drape/jobs';
import type { Logger } from '@drape/log';
import { forgetLandingAnswers } from '../catalog/showcase.service';
import { shareLookbook } from './lookbook-cache';

/** The application_name of this LISTEN connection (pg_stat_activity), beside live generation's. */
export const LOOKBOOK_LISTENER_APPLICATION = 'drape-listen-lookbook';

export interface LookbookChanges {
  /** Whether changes are heard right now (the shared LookBook is served only then). */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * A server process's ear for `lookbook_changes` (migration 0020): each notification drops this
 * process's shared LookBook and its landing answers (showcase, stats), or one user's saved
 * looks when theirs changed, so a curation, an admin's
 * action or auto-curation in a pipeline worker shows on every server within a moment. A lost
 * connection stops the sharing until it is back, and its return drops everything kept before
 * (a change may have gone unheard meanwhile).
 */
export async function watchLookbookChanges(url: string, db: Db, log: Logger): Promise<LookbookChanges> {
  const held: { listener?: Listener } = {};
  const cache = shareLookbook(db, () => held.listener?.listening() ?? false);
  const forget = () => {
    cache.drop();
    cache.dropSaved();
    forgetLandingAnswers(db);
  };
  const onNotify = (payload: string | undefined) => {
    // 'saved:<user id>': that user's saved looks changed; 'saved': many users' did.
    if (payload?.startsWith('saved:')) cache.dropSaved(payload.slice('saved:'.length));
    else if (payload === 'saved') cache.dropSaved();
    else forget();
  };
  const listener = await listenForever(url, LOOKBOOK_CHANGES_CHANNEL, { log, onNotify, onListening: forget, applicationName: LOOKBOOK_LISTENER_APPLICATION });
  held.listener = listener;
  return {
    listening: () => listener.listening(),
    close: () => listener.close(),
  };
}
