import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

/**
 * s3rver's one account. It checks the access key id (another id gets a 403) but does not verify
 * SigV4 signatures, so a wrong secret goes unnoticed here: credential mistakes show only on real S3.
 */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`; path-style addressing (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  /** The folder s3rver keeps objects in (`<bucket>/<key>._S3rver_object`), removed by close(). */
  directory: string;
  /** Ready for createS3Storage / createStorage({ s3 }) in this process. */
  options: S3StorageOptions;
  /** The settings a child process (the server, the pipeline) reads to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server for tests (s3rver, pure JS, in this process) on a free port with
 * one empty bucket in a temporary folder. Each call is independent; close() stops it and
 * removes its files.
 */
export async function startS3rver(options: { bucket?: string; prefix?: string; region?: string } = {}): Promise<S3TestServer> {
  // The SDK warns once per process that it will require Node 22 from 2027: noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const bucket = options.bucket ?? 'drape-test';
  const region = options.region ?? 'us-east-1';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'drape-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    // Created by run(), before it resolves: no CreateBucket round trip in every test.
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  let address;
  try {
    address = await server.run();
  } catch (err) {
    await fs.rm(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env: Record<string, string> = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  if (options.prefix) env.S3_PREFIX = options.prefix;
  return {
    endpoint,
    bucket,
    region,
    directory,
    options: { bucket, region, endpoint, forcePathStyle: true, prefix: options.prefix, credentials: { ...S3RVER_CREDENTIALS } },
    env,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export interface TestStorage {
  storage: Storage;
  /** The local backend's DATA_DIR (a temporary folder), or the S3 server behind the storage. */
  dataDir?: string;
  s3?: S3TestServer;
  close(): Promise<void>;
}

/**
 * A fresh, empty storage of either kind, so a suite can run against both backends:
 * `describe.each(['local', 's3'] as const)('%s', (kind) => { ... openTestStorage(kind) ... })`.
 */
export async function openTestStorage(kind: Storage['kind'], options: { prefix?: string } = {}): Promise<TestStorage> {
  if (kind === 's3') {
    const s3 = await startS3rver({ prefix: options.prefix });
    const storage = createS3Storage(s3.options);
    return {
      storage,
      s3,
      async close() {
        await storage.close();
        await s3.close();
      },
    };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'drape-storage-'));
  const storage = createLocalStorage({ dataDir });
  return {
    storage,
    dataDir,
    async close() {
      await storage.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RefusingS3Proxy {
  /** Give this to the storage instead of the S3 server's own endpoint. */
  endpoint: string;
  /** Refuse the requests that match (503 ServiceUnavailable, as S3 answers when it cannot take them), or none. */
  refuse(match: ((req: { method: string; key: string }) => boolean) | null): void;
  /** How many requests were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * An S3 server that refuses some requests, for the tests of what a failing image store does to
 * the pipeline: a relay in front of s3rver that answers the matching ones with S3's own error
 * (503 ServiceUnavailable, an XML body) and passes the rest through.
 */
export async function startRefusingS3Proxy(target: string): Promise<RefusingS3Proxy> {
  const to = new URL(target);
  let match: ((req: { method: string; key: string }) => boolean) | null = null;
  let refused = 0;
  const server = http.createServer((req, res) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    if (match?.({ method: req.method ?? 'GET', key })) {
      refused++;
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>Please reduce your request rate.</Message><RequestId>drape-test</RequestId></Error>');
      });
      return;
    }
    const upstream = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refuse(m) {
      match = m;
    },
    refused: () => refused,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
