import { APP_ERRORS, isAppErrorCode, type AppErrorCode } from '@drape/contracts';
import { authMessages } from '@drape/contracts/auth';
import { CLOSET_PIECES_PATH, type ClosetCategory, type ClosetPiece } from '@drape/contracts/closet';
import { authStore } from '../../lib/auth-store';
import { platformStore } from '../../lib/platform-status';

/**
 * POST /api/closet/pieces: a plain route, not a tRPC procedure, since it takes a file. Signed in as
 * the tRPC client is (the stored token, and the session cookie), it follows the same two rules on
 * a refusal: 401 `unauthorized` with a token stored ends the session, 503 `maintenance` shows the
 * maintenance page. XMLHttpRequest rather than fetch for the upload's progress: a 10 MB photo over
 * a phone's network takes long enough to need a bar.
 */

export interface UploadInput {
  photo: Blob;
  /** The file's name as sent (a Blob has none; a File's own is used when this is missing). */
  fileName?: string;
  category: ClosetCategory;
  name?: string;
}

/** A refusal the server answered: its status, its application code and its message. */
export class UploadRefusal extends Error {
  constructor(message: string, readonly status: number, readonly code: AppErrorCode | undefined) {
    super(message);
    this.name = 'UploadRefusal';
  }
}

/** The upload never got an answer (offline, the connection dropped). */
export class UploadNetworkError extends Error {
  constructor() {
    super(authMessages.networkError);
    this.name = 'UploadNetworkError';
  }
}

export const UPLOAD_FAILED = 'Your photo could not be added. Please try again.';

/** The refusal of a non-2xx answer, read from the REST adapter's error body ({ error, message }) when it has one. */
export function readRefusal(status: number, bodyText: string): UploadRefusal {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // A proxy's page or an empty body: the status alone speaks.
  }
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; message?: unknown }) : {};
  const code = isAppErrorCode(fields.error) ? fields.error : undefined;
  const message = typeof fields.message === 'string' && fields.message ? fields.message : code ? APP_ERRORS[code].message : '';
  return new UploadRefusal(message, status, code);
}

/** What to tell the user of a failed upload: the server's message for a refusal it explained, else a plain one. */
export function uploadProblem(error: unknown): string {
  if (error instanceof UploadNetworkError) return authMessages.networkError;
  if (error instanceof UploadRefusal) {
    if (error.code && error.message) return error.message;
    // A body limit in front of the route (a proxy) answers 413 without our body.
    if (error.status === 413) return APP_ERRORS.closet_photo_too_large.message;
  }
  return UPLOAD_FAILED;
}

/** Whether the refusal is about the photo itself (shown under the photo rather than under the form). */
export function isPhotoRefusal(error: unknown): boolean {
  if (!(error instanceof UploadRefusal)) return false;
  return error.code === 'closet_photo_invalid' || error.code === 'closet_photo_too_large' || (error.code === undefined && error.status === 413);
}

export interface UploadOptions {
  /** The share of the photo sent so far, 0 to 1 (not called when the browser cannot tell). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

export function uploadPiece(input: UploadInput, { onProgress, signal }: UploadOptions = {}): Promise<ClosetPiece> {
  const form = new FormData();
  // The fields before the file: a streaming multipart reader meets them before the photo's bytes.
  form.append('category', input.category);
  if (input.name) form.append('name', input.name);
  form.append('photo', input.photo, input.fileName ?? (input.photo instanceof File ? input.photo.name : 'photo'));

  return new Promise<ClosetPiece>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CLOSET_PIECES_PATH);
    const token = authStore.get().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ClosetPiece);
        } catch {
          reject(new UploadRefusal('', xhr.status, undefined));
        }
        return;
      }
      const refusal = readRefusal(xhr.status, xhr.responseText);
      if (refusal.code === 'maintenance') platformStore.reportMaintenance(refusal.message);
      if (refusal.code === 'unauthorized' && authStore.get().token) authStore.expire();
      reject(refusal);
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadNetworkError());
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}
