import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Digest {
  bytes: number;
  sha256: string;
}

/** A pass-through that measures what flows through it: put it in a pipeline, read digest() at its end. */
export function digestTap(): { stream: Transform; digest(): Digest } {
  const hash = createHash('sha256');
  let bytes = 0;
  let sha256: string | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
  });
  return {
    stream,
    digest() {
      sha256 ??= hash.digest('hex');
      return { bytes, sha256 };
    },
  };
}

export function digestOf(data: Buffer): Digest {
  return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** A file's size and SHA-256, read once. */
export async function digestFile(file: string): Promise<Digest> {
  const tap = digestTap();
  await pipeline(fs.createReadStream(file), tap.stream, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source) { /* drained: the tap has seen it */ }
  });
  return tap.digest();
}

/**
 * Runs `fn` over the items, `lanes` at a time. The first failure stops the lanes taking more, and
 * is thrown once every lane has stopped: nothing is still running when the caller cleans up.
 */
export async function eachLimited<T>(items: readonly T[], lanes: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

