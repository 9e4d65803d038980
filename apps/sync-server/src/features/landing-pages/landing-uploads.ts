import { ARTICLE_IMAGE_MAX_BYTES, LOGO_HEIGHT, LOGO_MAX_BYTES, LANDING_MESSAGES as M } from '@simvisit/schema';
import { fieldError } from '../../http/errors';
import { logoToPng, reencodeJpegOrPng, type UploadResult } from '../../platform/images';

/**
 * The pictures of landing pages (docs/decisions/0056): article images are re-encoded JPEG or PNG within a box
 * (a small web image and a large social image), logos PNG 60 px high. 25 megapixels covers any camera's photo
 * while bounding a decode's memory (UP-03 pixel bombs answer 422).
 */
export const ARTICLE_IMAGE_MAX_PIXELS = 25_000_000;
export const ARTICLE_IMAGE_BOX = { small: 800, large: 1600 } as const;
export const LOGO_MAX_PIXELS = 16_000_000;
const LOGO_MAX_WIDTH = 600;

export type StoredImage = { data: Buffer; extension: 'jpg' | 'png'; contentType: string };

function articleFailure(field: string, result: Exclude<UploadResult, { ok: true }>): never {
  const message =
    result.reason === 'too-big'
      ? M.imageTooLarge
      : result.reason === 'too-large'
        ? M.imagePixels
        : result.reason === 'unreadable'
          ? M.imageUnreadable
          : M.imageType;
  throw fieldError(field, message);
}

/** An article image field: null when none was sent, else the checked picture (422 under the field otherwise). */
export async function articleImage(field: 'file' | 'file_large', data: Buffer | null): Promise<StoredImage | null> {
  if (!data) return null;
  const box = field === 'file' ? ARTICLE_IMAGE_BOX.small : ARTICLE_IMAGE_BOX.large;
  const result = await reencodeJpegOrPng(data, {
    maxBytes: ARTICLE_IMAGE_MAX_BYTES,
    maxPixels: ARTICLE_IMAGE_MAX_PIXELS,
    maxWidth: box,
    maxHeight: box,
  });
  if (!result.ok) articleFailure(field, result);
  return result;
}

/** The logo, as a PNG 60 px high (422 under logo_file with the spec's words otherwise). */
export async function logoImage(data: Buffer | null): Promise<StoredImage> {
  const result = await logoToPng(data, {
    maxBytes: LOGO_MAX_BYTES,
    maxPixels: LOGO_MAX_PIXELS,
    height: LOGO_HEIGHT,
    maxWidth: LOGO_MAX_WIDTH,
  });
  if (result.ok) return result;
  const message =
    result.reason === 'missing'
      ? M.logoRequired
      : result.reason === 'too-big'
        ? M.logoTooLarge
        : result.reason === 'unsafe-svg'
          ? M.logoUnsafe
          : result.reason === 'too-large'
            ? M.imagePixels
            : result.reason === 'unreadable'
              ? M.imageUnreadable
              : M.logoType;
  throw fieldError('logo_file', message);
}
