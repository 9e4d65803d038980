import { APPLYING_MESSAGES as M, MAX_APPLY_UPLOAD_BYTES } from '@simvisit/schema';
import { reencodeImage } from '../../platform/images';

/** The largest headshot decoded (as for the profile image, issue 11 item 8) and the size it is kept at. */
const HEADSHOT_MAX_PIXELS = 4096 * 4096;
const HEADSHOT_BOX = 1024;

export type FileCheck = { ok: true; data: Buffer } | { ok: false; message: string };

/**
 * A resume is a PDF by its first bytes (`%PDF-`), not by its name or declared type: an HTML page or a program
 * renamed .pdf is refused (UP-05). It is stored as sent, privately, and only ever served as an attachment.
 */
export function checkResume(data: Buffer | null): FileCheck {
  if (!data || data.length === 0) return { ok: false, message: M.resumeRequired };
  if (data.length > MAX_APPLY_UPLOAD_BYTES) return { ok: false, message: M.resumeSize };
  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') return { ok: false, message: M.resumeType };
  return { ok: true, data };
}

/** A headshot is re-encoded on the server like the profile image (UP-01): a fresh PNG within 1024x1024, no metadata. */
export async function checkHeadshot(data: Buffer | null): Promise<FileCheck> {
  if (!data || data.length === 0) return { ok: false, message: M.headshotRequired };
  if (data.length > MAX_APPLY_UPLOAD_BYTES) return { ok: false, message: M.headshotSize };
  const result = await reencodeImage(data, { maxPixels: HEADSHOT_MAX_PIXELS, width: HEADSHOT_BOX, height: HEADSHOT_BOX, fit: 'inside' });
  if (result.ok) return { ok: true, data: result.png };
  const messages = { 'not-an-image': M.headshotType, 'too-large': M.headshotTooLarge, unreadable: M.headshotUnreadable } as const;
  return { ok: false, message: messages[result.reason] };
}
