import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (HTML-01: question text, welcome messages, article bodies): sanitized on write with a small allowlist. Links keep only http,
 * https and mailto addresses and always carry rel="noopener noreferrer"; everything else (script, style,
 * iframe, svg, img, event handlers, javascript:/data: URLs) is dropped, contents of script-like tags included.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

/** One allowlist for every rich text the server stores; the PWA sanitizes again with the same list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
