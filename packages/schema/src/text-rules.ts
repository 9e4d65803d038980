/**
 * The one text rule of every input (SECURITY.md VAL-11, issue 11 item 3): no C0 control character but tab, line
 * feed and carriage return, no DEL, and no unpaired UTF-16 surrogate. PostgreSQL cannot store NUL in text or
 * jsonb, nor a lone surrogate in jsonb, so such text used to end as a 500 (or, for a push, a batch retried
 * forever); and no person types these characters.
 */
const MAX_WALK_DEPTH = 40;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isForbiddenControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

/** Whether a text breaks the rule (a loop over char codes: the lint refuses control characters in a regex). */
export function hasForbiddenText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isForbiddenControl(code)) return true;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(code)) return true;
  }
  return false;
}

/** "The first name field must not contain control characters." (the field's last named segment, as Laravel words it) */
export function forbiddenTextMessage(path: string): string {
  const name = path
    .split('.')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .at(-1);
  return name
    ? `The ${name.replace(/_/g, ' ')} field must not contain control characters.`
    : 'The text must not contain control characters.';
}

/**
 * Every string (and object key) of an input that breaks the text rule, as field errors keyed by their dotted
 * path (`responses.0.response`); null when there is none.
 */
export function forbiddenTextErrors(value: unknown): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const walk = (node: unknown, path: string, depth: number) => {
    if (depth > MAX_WALK_DEPTH) return;
    if (typeof node === 'string') {
      if (hasForbiddenText(node)) errors[path || 'text'] = [forbiddenTextMessage(path)];
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasForbiddenText(key)) errors[childPath] = [forbiddenTextMessage(path)];
      else walk(child, childPath, depth + 1);
    }
  };
  walk(value, '', 0);
  return Object.keys(errors).length > 0 ? errors : null;
}
