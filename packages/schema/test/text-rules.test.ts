import { describe, expect, it } from 'vitest';
import { forbiddenTextErrors, hasForbiddenText } from '../src/text-rules';

describe('the text rule of every input', () => {
  it('refuses NUL, other control characters and lone surrogates', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001by', '\u007f', 'a\ud800', '\udc00b']) expect(hasForbiddenText(bad)).toBe(true);
  });

  it('keeps what people type: tabs, new lines, accents, emoji', () => {
    for (const good of ['line one\nline two\r\n\tindented', 'Zoë Ñúñez', 'great 👍🏽', '']) expect(hasForbiddenText(good)).toBe(false);
  });

  it('names each offending field by its path in Laravel words', () => {
    expect(forbiddenTextErrors({ first_name: 'a\u0000b', notes: 'fine', responses: [{ response: 'ok' }, { response: '\u0000' }] })).toEqual(
      {
        first_name: ['The first name field must not contain control characters.'],
        'responses.1.response': ['The response field must not contain control characters.'],
      },
    );
    expect(forbiddenTextErrors({ a: 1, b: [true, null], c: { d: 'x' } })).toBeNull();
    expect(forbiddenTextErrors('\u0000')).toEqual({ text: ['The text must not contain control characters.'] });
  });
});
