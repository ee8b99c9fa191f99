import type { Config } from '@drape/config';
import { createStorage, type Storage } from '@drape/storage';

/** The image store the settings name: S3-compatible when S3_BUCKET is set, else DATA_DIR. */
export function openStorage(config: Pick<Config, 'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_PREFIX'>): Storage {
  if (!config.S3_BUCKET) return createStorage({ dataDir: config.dataDir });
  return createStorage({
    dataDir: config.dataDir,
    s3: {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_PREFIX ? { prefix: config.S3_PREFIX } : {}),
    },
  });
}
