import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { notFound } from './errors';

/**
 * Every user upload served back (resumes, headshots, profile and social images, logos, article images) goes
 * through here (issue 21 item 5, SECURITY.md UP-03): `sandbox` so a file opened on its own runs no script and
 * has no origin, `default-src 'none'` so it loads nothing, and `nosniff` so the browser keeps the declared type.
 */
export function uploadResponse(
  c: Context<AppEnv>,
  data: Uint8Array,
  file: { contentType: string; disposition?: 'inline' | 'attachment'; filename?: string; cache?: string },
) {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-security-policy': "sandbox; default-src 'none'",
    'x-content-type-options': 'nosniff',
  };
  if (file.cache) headers['cache-control'] = file.cache;
  if (file.filename) headers['content-disposition'] = `${file.disposition ?? 'inline'}; filename="${file.filename}"`;
  return c.body(new Uint8Array(data), 200, headers);
}

/**
 * A person's private file (a resume or a headshot) as a download named after its kind, never cached: the
 * applicant file of recruitment and the user file of user management are the same answer.
 */
export async function privateFileDownload(c: Context<AppEnv>, key: string, kind: string) {
  const data = await c.var.services.files.get(key);
  if (!data) throw notFound();
  const ext = key.endsWith('.pdf') ? '.pdf' : key.endsWith('.png') ? '.png' : '.jpg';
  const contentType = ext === '.pdf' ? 'application/pdf' : ext === '.png' ? 'image/png' : 'image/jpeg';
  return uploadResponse(c, data, { contentType, disposition: 'attachment', filename: `${kind}${ext}`, cache: 'private, no-store' });
}
