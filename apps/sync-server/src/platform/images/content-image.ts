import { isJpeg, isPng, reencodeImage } from './image-reencoder';

/** The spec's limit for post and article images (spec 002 §5, §9). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Far above any photo a post needs, far below what would exhaust memory when decoded (UP-03). */
const CONTENT_IMAGE_MAX_PIXELS = 40_000_000;
/** Stored pictures are scaled down to fit this box (never enlarged): plenty for a social image. */
const CONTENT_IMAGE_BOX = 2400;

export const CONTENT_IMAGE_MESSAGES = {
  type: 'The image must be a JPEG or PNG file.',
  size: 'The image may not be larger than 5 MB.',
  pixels: 'The image is too large.',
  unreadable: 'The image could not be read.',
} as const;

export type ContentImageCheck = { ok: true; png: Buffer } | { ok: false; message: string };

/**
 * A post's picture checked by its content, never by its name or declared type (UP-02, UP-03, UP-04): at most
 * 5 MB, JPEG or PNG by its first bytes, decoded within a pixel limit and re-encoded as a fresh PNG without
 * metadata (so nothing but pixels survives). Posts keep PNG only (their files are served as .png); articles keep
 * their own format through uploaded-image.ts's reencodeJpegOrPng. Both read the type from image-reencoder's checks.
 */
export async function checkPostImage(data: Buffer): Promise<ContentImageCheck> {
  if (data.length > CONTENT_IMAGE_MAX_BYTES) return { ok: false, message: CONTENT_IMAGE_MESSAGES.size };
  if (!isPng(data) && !isJpeg(data)) return { ok: false, message: CONTENT_IMAGE_MESSAGES.type };
  const result = await reencodeImage(data, {
    maxPixels: CONTENT_IMAGE_MAX_PIXELS,
    width: CONTENT_IMAGE_BOX,
    height: CONTENT_IMAGE_BOX,
    fit: 'inside',
  });
  if (result.ok) return result;
  return {
    ok: false,
    message:
      result.reason === 'too-large'
        ? CONTENT_IMAGE_MESSAGES.pixels
        : result.reason === 'not-an-image'
          ? CONTENT_IMAGE_MESSAGES.type
          : CONTENT_IMAGE_MESSAGES.unreadable,
  };
}
