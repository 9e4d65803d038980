/**
 * What axe's WCAG rules can see of a page, without its words and ids: every element's tag, the attributes that
 * decide roles, names, states and colours (values where they matter, presence where they are ids or words),
 * whether it holds text, and its children, with a run of identical siblings counted once (a table of 3 rows and
 * one of 30 are the same page to axe). Two states with one fingerprint give axe the same results, so a worker
 * checks each once (decision 0084). Runs in the page: it must not close over anything.
 */
export function pageFingerprint(): string {
  const VALUED = [
    'role',
    'class',
    'style',
    'type',
    'disabled',
    'hidden',
    'tabindex',
    'scope',
    'colspan',
    'rowspan',
    'open',
    'dir',
    'inert',
  ];
  const PRESENT = ['alt', 'href', 'for', 'title', 'placeholder', 'name', 'src', 'id', 'lang', 'accesskey', 'autocomplete', 'srcdoc'];
  const shapeOf = (element: Element): string => {
    const parts: string[] = [];
    for (const name of VALUED) {
      const value = element.getAttribute(name);
      if (value !== null) parts.push(`${name}=${value}`);
    }
    const text = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    for (const name of PRESENT) {
      // A title beside the element's own text names nothing (the text does): the sync status's "Synced just now"
      // carries one only once a time is known.
      if (name === 'title' && text) continue;
      const value = element.getAttribute(name);
      if (value !== null) parts.push(value.trim() ? name : `${name}=''`);
    }
    for (const attribute of Array.from(element.attributes)) {
      if (!attribute.name.startsWith('aria-')) continue;
      // Labels and references are words and ids; states (expanded, checked, hidden…) are values that change the rules.
      const wordy =
        /^aria-(label|labelledby|describedby|controls|owns|activedescendant|details|errormessage|flowto|roledescription|valuetext|placeholder|keyshortcuts)$/;
      parts.push(
        wordy.test(attribute.name) ? `${attribute.name}${attribute.value.trim() ? '' : "=''"}` : `${attribute.name}=${attribute.value}`,
      );
    }
    const children: string[] = [];
    for (const child of Array.from(element.children)) {
      const described = shapeOf(child);
      if (children[children.length - 1] !== described) children.push(described);
    }
    return `<${element.tagName}${parts.length ? ` ${parts.join(' ')}` : ''}${text ? ' T' : ''}>${children.join('')}</>`;
  };
  const root = document.documentElement;
  return `${document.title.trim() ? 'titled' : 'untitled'}|${shapeOf(root)}`;
}
