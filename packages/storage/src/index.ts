// Images behind one interface (docs/architecture.md, "Data"): the local disk by default, S3-compatible
// object storage when the config names a bucket. Test helpers (s3rver) live in ./testing.
export type { Storage, StoredObject, StoredObjectInfo } from './storage';
export {
  STORAGE_AREAS,
  StorageKeyError,
  assertStorageKey,
  contentTypeOf,
  isStorageKey,
  type StorageArea,
} from './keys';
export { createStorage, type StorageOptions } from './create-storage';
export { createLocalStorage, localAreaRoots, type LocalStorageOptions } from './local-storage';
export { moveLegacyBlockedImages } from './legacy-layout';
export { createS3Storage, type S3StorageOptions } from './s3-storage';
export { MEDIA_CACHE_CONTROL, etagMatches, mediaResponse, type MediaResponse, type RequestHeaders } from './media-response';
