/** A path on this origin (a resume: /api/user/4/resume), else null. */
export function sameOriginPath(location: string | null): string | null {
  return location?.startsWith('/') && !location.startsWith('//') ? location : null;
}

/** An image address the page may load: a same-origin path or an http(s) address. */
export function safeImageSrc(location: string | null): string | null {
  if (!location) return null;
  return sameOriginPath(location) ?? (/^https?:\/\//i.test(location) ? location : null);
}

/** An outside address the page may open (a meeting or a recording): http(s) only. */
export function safeExternalUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
