import { cn } from '@simvisit/ui';
import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef } from 'react';

/**
 * Question text is rich text (SECURITY HTML-01). The server sanitizes it on write; the browser sanitizes it
 * again before showing it, with the same allowlist as the server (p, br, strong, em, u, lists, http/https/
 * mailto links), so a row written by anything else still cannot run script. The result is inserted as DOM
 * nodes, never as an HTML string.
 */
const purify = DOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
});

const CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li', 'a'],
  ALLOWED_ATTR: ['href', 'rel', 'target'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
};

/** The question's HTML as sanitized DOM nodes. */
export function sanitizeQuestionFragment(html: string): DocumentFragment {
  return purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** The question's HTML after sanitizing, as a string (the editor's starting content). */
export function sanitizeQuestionHtml(html: string): string {
  return purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: false, RETURN_DOM: false });
}

/** The words of a question without markup, for accessible names ("Edit question: How well…"). */
export function questionPlainText(html: string): string {
  return (sanitizeQuestionFragment(html).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Shared look of rich question text (Tailwind's reset removes list bullets and link colours). */
export const RICH_TEXT_CLASS =
  'break-words [&_a]:text-brand-700 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p+p]:mt-2 [&_li+li]:mt-0.5';

export function QuestionHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeQuestionFragment(html));
  }, [html]);
  // data-question-text: where the question's words are, for tests and for whoever embeds the list.
  return <div ref={ref} data-question-text="" className={cn(RICH_TEXT_CLASS, className)} />;
}
