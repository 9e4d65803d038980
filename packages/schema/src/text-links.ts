/** A piece of plain text, or a link found in it. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence is not part of the address it follows.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * Splits text into plain pieces and http(s) links on the given origin, so messages (password reset mail,
 * SMS codes) can be shown with their own links clickable and never as HTML. Links to other origins stay text.
 */
export function splitTextLinks(text: string, origin: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const href = raw.replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    plain += text.slice(last, start);
    last = start + href.length;
    if (isSameOrigin(href, origin)) {
      if (plain) segments.push({ kind: 'text', text: plain });
      plain = '';
      segments.push({ kind: 'link', text: href, href });
    } else {
      plain += href;
    }
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

function isSameOrigin(href: string, origin: string): boolean {
  try {
    return new URL(href).origin === origin;
  } catch {
    return false;
  }
}
