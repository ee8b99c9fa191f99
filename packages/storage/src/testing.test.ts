import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { startS3rver, type S3TestServer } from './testing';

const run = promisify(execFile);
const index = fileURLToPath(new URL('./index.ts', import.meta.url));
/** The workspace root, where tsx is installed, whatever folder vitest was started from. */
const root = fileURLToPath(new URL('../../..', import.meta.url));

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3rver({ prefix: 'child' });
});
afterAll(async () => {
  await s3.close();
});

describe('startS3rver', () => {
  it('gives a child process the settings to use the bucket, credentials through the SDK default chain', async () => {
    // What the server will do with its config: map S3_* to options, leave credentials to the SDK.
    const script = `
      import { createStorage } from ${JSON.stringify(index)};
      const e = process.env;
      const storage = createStorage({ dataDir: '/nonexistent', s3: { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, prefix: e.S3_PREFIX } });
      await storage.put('public', 'looks/from-child.webp', Buffer.from('written by a child'));
      await storage.close();
    `;
    const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: root,
      // Nothing of this machine's AWS setup: only what the harness hands over.
      env: { PATH: process.env.PATH ?? '', HOME: s3.directory, ...s3.env },
    });
    expect(stderr).toBe('');

    const storage = createS3Storage(s3.options);
    const got = await storage.get('public', 'looks/from-child.webp');
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('written by a child');
    await storage.close();
  });

  it('runs servers side by side on their own ports and folders, and removes the folder on close', async () => {
    const other = await startS3rver();
    expect(other.endpoint).not.toBe(s3.endpoint);
    expect(other.directory).not.toBe(s3.directory);
    expect(other.env).toMatchObject({ S3_BUCKET: 'drape-test', S3_ENDPOINT: other.endpoint, AWS_ACCESS_KEY_ID: 'S3RVER' });
    await other.close();
    await expect(fs.access(other.directory)).rejects.toThrow();
  });
});
