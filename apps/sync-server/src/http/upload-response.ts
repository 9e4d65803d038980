import type { Context } from 'hono';
import type { AppEnv } from './app-env';

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
