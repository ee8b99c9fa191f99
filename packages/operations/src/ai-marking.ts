import sharp from 'sharp';
import type { Db } from '@drape/db';
import { countUnmarkedLooks, markedLook, unmarkedLooks } from '@drape/looks';
import type { Storage } from '@drape/storage';
import { aiMarkOf, readAiMark, type AiMark } from './ai-mark';
import { markedPictureOf, readPublicFile, thumbnailOf } from './look-files';

const PAGE = 100;

export interface AiMarkingReport {
  /** Looks whose files now carry the mark (rewritten, or found marked already). */
  marked: number;
  /** Looks whose picture is not in the store (left unmarked: `drape check` reports them). */
  missing: number;
}

/** True when the image's XMP states this very mark. */
async function carries(image: Buffer, mark: AiMark): Promise<boolean> {
  const found = readAiMark((await sharp(image).metadata()).xmp);
  return found?.sourceType === mark.sourceType && found.generator === mark.generator;
}

/**
 * `drape ai-mark`: writes the AI mark into the files of looks stored before it existed (migration
 * 0025's `ai_marked = false`): the picture encoded again with the mark, the thumbnail made again
 * from it. Idempotent and resumable: a file that carries the mark already is not encoded again
 * (a run stopped between the files and the row only sets the row), and a marked look leaves the
 * work list. Looks stored since are marked by the pipeline as they are stored.
 */
export async function markExistingLooks(db: Db, storage: Storage, opts: { onProgress?: (done: number, total: number) => void } = {}): Promise<AiMarkingReport> {
  const total = await countUnmarkedLooks(db);
  const report: AiMarkingReport = { marked: 0, missing: 0 };
  let after: string | null = null;
  let done = 0;
  opts.onProgress?.(0, total);
  for (;;) {
    const page = await unmarkedLooks(db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    for (const look of page) {
      const mark = aiMarkOf(look.provider);
      const stored = await readPublicFile(storage, look.storage_key);
      if (!stored) report.missing++;
      else {
        const picture = (await carries(stored, mark)) ? stored : await markedPictureOf(stored, mark);
        if (picture !== stored) await storage.put('public', look.storage_key, picture);
        const thumb = await readPublicFile(storage, look.thumb_key);
        if (!thumb || !(await carries(thumb, mark))) await storage.put('public', look.thumb_key, await thumbnailOf(picture, mark));
        await markedLook(db, look.id, picture.length);
        report.marked++;
      }
      opts.onProgress?.(++done, Math.max(total, done));
    }
  }
  return report;
}
