import { APP_ERRORS } from '@drape/contracts';
import { CLOSET_PHOTO_MAX_BYTES, CLOSET_PHOTO_TYPES } from '@drape/contracts/closet';

/** What the check reads of a chosen file (a File, or a plain object in the tests). */
export interface ChosenPhoto {
  name: string;
  type: string;
  size: number;
}

/** The file input's `accept`: the contract's types, so the picker offers nothing the server refuses. */
export const PHOTO_ACCEPT = CLOSET_PHOTO_TYPES.join(',');

/**
 * The type by the name's extension, for a file the browser gave no type (some Android pickers,
 * a file dragged from an archive): the server still reads the bytes and is the judge.
 */
const TYPE_BY_EXTENSION: Readonly<Record<string, (typeof CLOSET_PHOTO_TYPES)[number]>> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', png: 'image/png', webp: 'image/webp',
};

function typeOf(photo: ChosenPhoto): string {
  if (photo.type) return photo.type.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(photo.name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

/**
 * The first reason the server would refuse this photo, in the server's own words
 * (closet_photo_invalid, closet_photo_too_large), or null: a refused photo is told before its
 * megabytes are sent.
 */
export function photoProblem(photo: ChosenPhoto): string | null {
  if (!(CLOSET_PHOTO_TYPES as readonly string[]).includes(typeOf(photo))) return APP_ERRORS.closet_photo_invalid.message;
  if (photo.size > CLOSET_PHOTO_MAX_BYTES) return APP_ERRORS.closet_photo_too_large.message;
  if (photo.size === 0) return APP_ERRORS.closet_photo_invalid.message;
  return null;
}

/** A file's size as people read it: "840 KB", "3.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
