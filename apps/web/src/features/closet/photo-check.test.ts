import { APP_ERRORS } from '@drape/contracts';
import { CLOSET_PHOTO_MAX_BYTES } from '@drape/contracts/closet';
import { describe, expect, it } from 'vitest';
import { formatBytes, PHOTO_ACCEPT, photoProblem } from './photo-check';

const photo = (over: Partial<{ name: string; type: string; size: number }> = {}) => ({ name: 'shirt.jpg', type: 'image/jpeg', size: 2_000_000, ...over });

describe('photoProblem', () => {
  it('accepts a JPEG, a PNG and a WebP up to 10 MB', () => {
    expect(photoProblem(photo())).toBeNull();
    expect(photoProblem(photo({ name: 'a.png', type: 'image/png' }))).toBeNull();
    expect(photoProblem(photo({ name: 'a.webp', type: 'image/webp', size: CLOSET_PHOTO_MAX_BYTES }))).toBeNull();
  });

  it("refuses another type with the server's closet_photo_invalid message", () => {
    for (const type of ['image/heic', 'image/gif', 'application/pdf', 'image/svg+xml']) {
      expect(photoProblem(photo({ type })), type).toBe(APP_ERRORS.closet_photo_invalid.message);
    }
  });

  it("refuses a photo over 10 MB with the server's closet_photo_too_large message", () => {
    expect(photoProblem(photo({ size: CLOSET_PHOTO_MAX_BYTES + 1 }))).toBe(APP_ERRORS.closet_photo_too_large.message);
  });

  it('tells the type first when both are wrong', () => {
    expect(photoProblem(photo({ type: 'video/mp4', size: 50_000_000 }))).toBe(APP_ERRORS.closet_photo_invalid.message);
  });

  it('refuses an empty file', () => {
    expect(photoProblem(photo({ size: 0 }))).toBe(APP_ERRORS.closet_photo_invalid.message);
  });

  it('judges a file the browser gave no type by its extension', () => {
    expect(photoProblem(photo({ name: 'IMG_0042.JPG', type: '' }))).toBeNull();
    expect(photoProblem(photo({ name: 'coat.webp', type: '' }))).toBeNull();
    expect(photoProblem(photo({ name: 'coat.heic', type: '' }))).toBe(APP_ERRORS.closet_photo_invalid.message);
    expect(photoProblem(photo({ name: 'coat', type: '' }))).toBe(APP_ERRORS.closet_photo_invalid.message);
  });

  it('offers the picker exactly the contract types', () => {
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});

describe('formatBytes', () => {
  it('reads as people say sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(840 * 1024)).toBe('840 KB');
    expect(formatBytes(3.24 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
  });
});
