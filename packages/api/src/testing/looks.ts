import type { Db, ImageStatus } from '@drape/db';
import type { ColorFamily, Combination } from '@drape/contracts';
import { makeLook } from '@drape/looks/testing';

export interface TestLook {
  combination?: Combination;
  status?: ImageStatus;
  /** The pieces' color families, one piece each, in order. */
  colors?: ColorFamily[];
  /** When it entered the LookBook (the trigger stamps now() when absent). */
  lookbookAt?: Date;
}

/**
 * One stored look with its pieces, as rows only (the files are not read by the services tested
 * with it): @drape/looks' makeLook, through the pipeline's own insert and status changes.
 */
export async function insertLook(db: Db, look: TestLook = {}): Promise<string> {
  return (await makeLook(db, look)).id;
}
