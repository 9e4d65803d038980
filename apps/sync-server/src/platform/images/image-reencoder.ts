import PQueue from 'p-queue';
import sharp from 'sharp';

// libvips keeps decoded images in a cache and runs one thread per core for each image: for uploads that are
// decoded once, the cache only holds memory (50 concurrent 6300x6300 uploads kept ~300 MB after they ended,
// issue 11 item 8), and one thread per image is enough when decodes are queued anyway.
sharp.cache(false);
sharp.concurrency(1);

/** Decodes running at once; the others wait their turn, so memory is bounded by this many images. */
export const MAX_CONCURRENT_DECODES = 2;
const decodes = new PQueue({ concurrency: MAX_CONCURRENT_DECODES });

export interface ReencodeOptions {
  /** Largest input accepted, in pixels (width x height), checked from the header before decoding. */
  maxPixels: number;
  width: number;
  height: number;
  /** 'cover' (the default) cuts to exactly width x height; 'inside' keeps the whole picture within them, never enlarged. */
  fit?: 'cover' | 'inside';
}

export type ReencodeResult = { ok: true; png: Buffer } | { ok: false; reason: 'not-an-image' | 'too-large' | 'unreadable' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** What a file is, by its first bytes only (never its name or declared type): every upload check uses these. */
export const isPng = (data: Buffer) => data.subarray(0, 8).equals(PNG_SIGNATURE);
export const isJpeg = (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
const isWebp = (data: Buffer) => data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';

function looksLikeImage(data: Buffer): boolean {
  return isPng(data) || isJpeg(data) || isWebp(data);
}

/**
 * An uploaded image re-encoded on the server (UP-01, UP-03): only real PNG, JPEG or WebP by their first bytes,
 * at most `maxPixels`, turned upright, cut to the size and written as a fresh PNG without metadata. Decodes
 * wait in one queue per process.
 */
export async function reencodeImage(data: Buffer, opts: ReencodeOptions): Promise<ReencodeResult> {
  if (!looksLikeImage(data)) return { ok: false, reason: 'not-an-image' };
  return decodes.add(async (): Promise<ReencodeResult> => {
    try {
      const png = await sharp(data, { limitInputPixels: opts.maxPixels, failOn: 'error', sequentialRead: true })
        .rotate()
        .resize(opts.width, opts.height, opts.fit === 'inside' ? { fit: 'inside', withoutEnlargement: true } : { fit: 'cover' })
        .png()
        .toBuffer();
      return { ok: true, png };
    } catch (err) {
      const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
      return { ok: false, reason: tooBig ? 'too-large' : 'unreadable' };
    }
  });
}

/**
 * Runs one decode in the shared queue (uploaded-image.ts); a decoder error is an unreadable image, one over the
 * pixel cap a too-large one.
 */
export function queuedDecode<T>(run: () => Promise<T>): Promise<T | { ok: false; reason: 'too-large' | 'unreadable' }> {
  return decodes.add(async () => {
    try {
      return await run();
    } catch (err) {
      const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
      return { ok: false as const, reason: tooBig ? ('too-large' as const) : ('unreadable' as const) };
    }
  });
}

/** Decodes running and waiting now (for tests and the status of a busy server). */
export const decodeLoad = () => ({ running: decodes.pending, waiting: decodes.size });
