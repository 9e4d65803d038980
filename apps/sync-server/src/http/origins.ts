import { SLUG_PATTERN } from '@simvisit/schema';
import type { Config } from '../config';

/**
 * Origins allowed to make state-changing calls: the app's own origin, its partner subdomains and the
 * configured extras. `null` and everything else are refused (CSRF-04, CSRF-05).
 */
export function originAllowed(origin: string, config: Config): boolean {
  if (origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const app = new URL(config.appUrl);
  if (config.allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== app.protocol || url.port !== app.port) return false;
  if (url.hostname === app.hostname) return true;
  for (const base of config.baseHosts) {
    if (url.hostname === base) return true;
    if (url.hostname.endsWith(`.${base}`)) {
      const sub = url.hostname.slice(0, -(base.length + 1));
      if (SLUG_PATTERN.test(sub)) return true;
    }
  }
  return false;
}
