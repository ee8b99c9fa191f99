import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DATA_EXPORT_JSON, type DataExportAnswer } from '@drape/contracts/user';
import type { Storage } from '@drape/storage';

/** A file of the private area to put in the archive, under this path. */
export interface ArchivedFile {
  path: string;
  key: string;
}

/**
 * The data export's ZIP, streamed as it is read (docs/decisions/0034-closet.md): data.json, then
 * each photo, opened one at a time from the store only when the archive reaches it (yazl's lazy
 * entries), so a closet of 500 photos holds one store read open and none in memory. Photos are
 * stored as they are (a JPEG does not deflate); data.json is deflated. A file that cannot be read
 * ends the stream with the error, which the HTTP layer turns into a broken download (its headers
 * are sent by then).
 */
export function dataExportArchive(storage: Storage, data: DataExportAnswer, files: readonly ArchivedFile[]): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  zip.on('error', (err: Error) => out.destroy(err));
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), DATA_EXPORT_JSON);
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false }, (cb) => {
      storage.get('private', file.key).then(
        (stored) => (stored ? cb(null, stored.body) : cb(new Error(`${file.key} is no longer stored`), undefined as never)),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  return out;
}
