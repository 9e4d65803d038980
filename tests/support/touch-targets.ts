import { expect, type Page } from '@playwright/test';

/*
 * Touch targets on a phone (issue 22 item 5, decision 0090): every control a finger aims at is at least 44×44 px.
 * A checkbox or radio button counts by its label (the label is what takes the tap); a link inside a sentence
 * (display: inline) is text, not a target of its own (WCAG 2.5.8's inline exception); what is not drawn
 * (display: none, text clipped away for screen readers such as a skip link before it has focus) is not aimed at.
 */

export const TOUCH_TARGET_PX = 44;

/** The visible interactive elements of the page smaller than 44 px either way, each described with its size. */
export async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, select, textarea, summary, input:not([type="hidden"]), [role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"]';
    const described = (el: Element) => {
      const name =
        el.getAttribute('aria-label') || el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) || el.getAttribute('name') || '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
    };
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el.closest('[aria-hidden="true"], [hidden], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (el.tagName === 'A' && style.display === 'inline') continue;
      // Text kept for screen readers only (a skip link until it has focus) is not drawn.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const input = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target = input ? (el.closest('label') ?? el) : el;
      const box = target.getBoundingClientRect();
      // Not drawn, or the 1 px of text kept for screen readers.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5)
        small.push(`${described(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }, TOUCH_TARGET_PX);
}

/** Fails naming each control under 44×44 px on the page as shown now. */
export async function expectTouchTargets(page: Page, where: string): Promise<void> {
  expect(await smallTouchTargets(page), `touch targets under ${TOUCH_TARGET_PX} px on ${where}`).toEqual([]);
}
