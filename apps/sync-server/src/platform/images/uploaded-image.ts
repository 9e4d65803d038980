import sharp from 'sharp';
import { isJpeg, isPng, queuedDecode } from './image-reencoder';
import { isSafeSvg } from './svg-check';

/** The longest an SVG logo may take to draw (issue 21 item 4): past it the upload is unreadable, not a stuck worker. */
export const SVG_DECODE_SECONDS = 2;

/*
 * Uploaded pictures that are shown to others as they were sent (article and social media images, partner
 * logos; SECURITY.md UP-02, UP-03). One place decides what an upload is by its content, never by its name or
 * the type the client claimed: H4's social media posts use `reencodeJpegOrPng` as articles do.
 */

export type UploadFailure = 'missing' | 'too-big' | 'not-allowed' | 'unsafe-svg' | 'too-large' | 'unreadable';
export type UploadResult = { ok: true; data: Buffer; extension: 'jpg' | 'png'; contentType: string } | { ok: false; reason: UploadFailure };

export interface JpegOrPngOptions {
  /** exact byte limit of the upload */
  maxBytes: number;
  /** largest input in pixels (width x height), checked from the header before decoding (UP-03 pixel bombs) */
  maxPixels: number;
  /** the picture is scaled down to fit within this box, never enlarged */
  maxWidth: number;
  maxHeight: number;
}

/**
 * "JPEG or PNG, at most N bytes, checked by content" (spec 002 §5 article and social post images): the first
 * bytes must be JPEG's or PNG's (GIF, WebP, SVG, HTML are refused whatever the name), the header's size must be
 * under the pixel cap, and the picture is decoded and written again in its own format, upright and without
 * metadata (EXIF, GPS) or anything appended after the image.
 */
export async function reencodeJpegOrPng(data: Buffer | null, opts: JpegOrPngOptions): Promise<UploadResult> {
  if (!data || data.length === 0) return { ok: false, reason: 'missing' };
  if (data.length > opts.maxBytes) return { ok: false, reason: 'too-big' };
  const png = isPng(data);
  if (!png && !isJpeg(data)) return { ok: false, reason: 'not-allowed' };
  return queuedDecode(async () => {
    const image = sharp(data, { limitInputPixels: opts.maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize(opts.maxWidth, opts.maxHeight, { fit: 'inside', withoutEnlargement: true });
    const out = png ? await image.png().toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return png
      ? { ok: true, data: out, extension: 'png', contentType: 'image/png' }
      : { ok: true, data: out, extension: 'jpg', contentType: 'image/jpeg' };
  });
}

const looksLikeSvg = (data: Buffer) => {
  const head = data
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && head.includes('<svg');
};

export interface LogoOptions {
  maxBytes: number;
  maxPixels: number;
  height: number;
  /** the widest logo kept (a very wide one is scaled to this width instead) */
  maxWidth: number;
}

/**
 * A partner logo (spec 002 §5: jpeg, jpg, png or svg, at most 4 MB, height 60 px): JPEG and PNG by their first
 * bytes, SVG by its text and `isSafeSvg`; every kind is drawn again as a PNG of the given height.
 */
export async function logoToPng(data: Buffer | null, opts: LogoOptions): Promise<UploadResult> {
  if (!data || data.length === 0) return { ok: false, reason: 'missing' };
  if (data.length > opts.maxBytes) return { ok: false, reason: 'too-big' };
  const svg = !isPng(data) && !isJpeg(data) && looksLikeSvg(data);
  if (!svg && !isPng(data) && !isJpeg(data)) return { ok: false, reason: 'not-allowed' };
  if (svg && !isSafeSvg(data.toString('utf8'))) return { ok: false, reason: 'unsafe-svg' };
  return queuedDecode(async () => {
    const out = await sharp(data, { limitInputPixels: opts.maxPixels, failOn: 'error', sequentialRead: true })
      .timeout({ seconds: svg ? SVG_DECODE_SECONDS : 0 })
      .rotate()
      .resize({ height: opts.height, width: opts.maxWidth, fit: 'inside' })
      .png()
      .toBuffer();
    return { ok: true, data: out, extension: 'png', contentType: 'image/png' };
  });
}
