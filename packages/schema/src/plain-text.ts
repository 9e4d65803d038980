import { z } from 'zod/mini';

/*
 * Plain-text fields (names, titles, headers, labels) hold text, never markup (issue 21 item 6): the PWA escapes
 * them, but the public JSON (GET api/landing/{slug}) goes to consumers that may not. A tag, comment, doctype or
 * processing instruction is refused on write with a 422, not stripped, so what is stored is what was typed. A
 * '<' that opens no tag ("a < b", "<3"; a browser reads no tag there either) is no markup and stays allowed; rich-text fields (welcome message, article text)
 * are sanitized HTML and do not use this rule.
 */
const MARKUP = /<[A-Za-z!?/]/;

export function hasMarkup(value: string): boolean {
  return MARKUP.test(value);
}

/** "The title must not contain HTML markup." */
export function plainTextMessage(label: string): string {
  return `The ${label} must not contain HTML markup.`;
}

/** The one refinement every plain-text field of a contract goes through. */
export function plainText<S extends z.ZodMiniType<string | null | undefined>>(schema: S, label: string) {
  // A check, not a method of one API: the field may be a zod/mini or a classic schema (decision 0085, 'Fourth pass').
  return schema.check(z.refine((value) => typeof value !== 'string' || !hasMarkup(value), { error: plainTextMessage(label) }));
}
