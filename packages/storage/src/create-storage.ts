import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export interface StorageOptions {
  /** DATA_DIR: the local backend's root (media/ and private/ below it). */
  dataDir: string;
  /** Present (S3_BUCKET set): images go to object storage instead of the disk. */
  s3?: S3StorageOptions;
}

/**
 * The backend the settings ask for. The caller maps its config (S3_BUCKET, S3_ENDPOINT...) to
 * these options, so this package never reads the environment and tests can build any backend.
 */
export function createStorage(options: StorageOptions): Storage {
  return options.s3 ? createS3Storage(options.s3) : createLocalStorage({ dataDir: options.dataDir });
}
