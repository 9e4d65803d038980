import { PROFILE_IMAGE_SIZE } from '@simvisit/schema';
import sharp from 'sharp';

const MAX_PIXELS = 40_000_000;

export type ImageCheck = { ok: true; png: Buffer } | { ok: false; message: string };

function looksLikeImage(data: Buffer): boolean {
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  const webp = data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
  return png || jpeg || webp;
}

/**
 * The cropped profile image, re-encoded on the server (UP-01): only real PNG, JPEG or WebP by their first
 * bytes, at most 40 megapixels, turned upright, cut to 300x300 and written as a fresh PNG without metadata.
 */
export async function toProfilePng(data: Buffer): Promise<ImageCheck> {
  if (!looksLikeImage(data)) return { ok: false, message: 'The image must be a PNG, JPEG or WebP file.' };
  try {
    const png = await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
      .png()
      .toBuffer();
    return { ok: true, png };
  } catch (err) {
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    return { ok: false, message: tooBig ? 'The image is too large.' : 'The image could not be read.' };
  }
}
