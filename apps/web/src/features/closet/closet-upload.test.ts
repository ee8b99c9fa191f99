import { APP_ERRORS } from '@drape/contracts';
import { authMessages } from '@drape/contracts/auth';
import { describe, expect, it } from 'vitest';
import { isPhotoRefusal, readRefusal, UPLOAD_FAILED, UploadNetworkError, uploadProblem } from './closet-upload';

describe('readRefusal', () => {
  it("reads the REST adapter's body: the code and the server's message", () => {
    const refusal = readRefusal(403, JSON.stringify({ error: 'closet_full', message: APP_ERRORS.closet_full.message }));
    expect(refusal).toMatchObject({ status: 403, code: 'closet_full', message: APP_ERRORS.closet_full.message });
  });

  it("takes the code's own message when the body has none", () => {
    expect(readRefusal(400, JSON.stringify({ error: 'closet_photo_invalid' })).message).toBe(APP_ERRORS.closet_photo_invalid.message);
  });

  it('keeps only the status of a body that is not ours', () => {
    expect(readRefusal(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, code: undefined, message: '' });
    expect(readRefusal(400, JSON.stringify({ error: 'no_such_code', message: 'x' })).code).toBeUndefined();
  });
});

describe('uploadProblem', () => {
  it('shows the server message of a refusal it explained', () => {
    expect(uploadProblem(readRefusal(403, JSON.stringify({ error: 'closet_full', message: APP_ERRORS.closet_full.message })))).toBe(
      APP_ERRORS.closet_full.message,
    );
  });

  it("says a bare 413 (a proxy's body limit) is a photo over the limit", () => {
    expect(uploadProblem(readRefusal(413, ''))).toBe(APP_ERRORS.closet_photo_too_large.message);
  });

  it('says the connection failed when nothing answered, and a plain failure otherwise', () => {
    expect(uploadProblem(new UploadNetworkError())).toBe(authMessages.networkError);
    expect(uploadProblem(readRefusal(500, ''))).toBe(UPLOAD_FAILED);
    expect(uploadProblem(new Error('boom'))).toBe(UPLOAD_FAILED);
  });
});

describe('isPhotoRefusal', () => {
  it('is true for the refusals about the photo itself', () => {
    expect(isPhotoRefusal(readRefusal(400, JSON.stringify({ error: 'closet_photo_invalid' })))).toBe(true);
    expect(isPhotoRefusal(readRefusal(400, JSON.stringify({ error: 'closet_photo_too_large' })))).toBe(true);
    expect(isPhotoRefusal(readRefusal(413, ''))).toBe(true);
    expect(isPhotoRefusal(readRefusal(403, JSON.stringify({ error: 'closet_full' })))).toBe(false);
    expect(isPhotoRefusal(new UploadNetworkError())).toBe(false);
  });
});
