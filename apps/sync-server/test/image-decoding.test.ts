import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_PIXELS, toProfilePng } from '../src/features/profile/profile-image';
import { decodeLoad, MAX_CONCURRENT_DECODES, reencodeImage } from '../src/platform/images';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#246' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('image decoding is bounded (issue 11 item 8, UP-03)', () => {
  it('refuses a profile image over the cap from its header, which the old 40-megapixel cap let through', async () => {
    expect(PROFILE_IMAGE_MAX_PIXELS).toBeLessThan(20_000_000);
    const big = await png(6300, 6300);
    expect(await toProfilePng(big)).toEqual({ ok: false, message: 'The image is too large.' });
    const fine = await toProfilePng(await png(1200, 900));
    expect(fine.ok).toBe(true);
  });

  it('decodes at most a fixed number of images at once; the rest wait in line and still finish', async () => {
    const image = await png(2000, 2000);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, decodeLoad().running);
    }, 1);
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => reencodeImage(image, { maxPixels: 16_000_000, width: 300, height: 300 })),
      );
      expect(results.every((r) => r.ok)).toBe(true);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
    expect(decodeLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('turns away what is not an image before queueing it', async () => {
    const result = await reencodeImage(Buffer.from('GIF89a not allowed'), { maxPixels: 1000, width: 10, height: 10 });
    expect(result).toEqual({ ok: false, reason: 'not-an-image' });
  });
});
