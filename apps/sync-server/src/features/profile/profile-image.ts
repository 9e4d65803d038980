import { PROFILE_IMAGE_SIZE } from '@simvisit/schema';
import { reencodeImage } from '../../platform/images';

/**
 * The PWA crops to 300x300 before uploading; other clients may send a photo. 4096x4096 covers any phone
 * camera's crop while bounding the memory one decode takes (about 64 MB), far below the 40 megapixels of
 * before (issue 11 item 8).
 */
export const PROFILE_IMAGE_MAX_PIXELS = 4096 * 4096;

export type ImageCheck = { ok: true; png: Buffer } | { ok: false; message: string };

const MESSAGES = {
  'not-an-image': 'The image must be a PNG, JPEG or WebP file.',
  'too-large': 'The image is too large.',
  unreadable: 'The image could not be read.',
} as const;

/** The cropped profile image, re-encoded on the server (UP-01) as a fresh 300x300 PNG. */
export async function toProfilePng(data: Buffer): Promise<ImageCheck> {
  const result = await reencodeImage(data, { maxPixels: PROFILE_IMAGE_MAX_PIXELS, width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE });
  return result.ok ? result : { ok: false, message: MESSAGES[result.reason] };
}
