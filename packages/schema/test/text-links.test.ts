import { describe, expect, it } from 'vitest';
import { splitTextLinks } from '../src/text-links';

const origin = 'http://localhost:8080';

describe('splitTextLinks', () => {
  it('turns same-origin links into link segments and keeps the rest as text', () => {
    expect(splitTextLinks('Reset here: http://localhost:8080/reset-password/abc?email=a%40b.test. Thanks', origin)).toEqual([
      { kind: 'text', text: 'Reset here: ' },
      {
        kind: 'link',
        text: 'http://localhost:8080/reset-password/abc?email=a%40b.test',
        href: 'http://localhost:8080/reset-password/abc?email=a%40b.test',
      },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('leaves links to other origins as plain text', () => {
    expect(splitTextLinks('Visit https://evil.test/x or http://localhost:9999/y', origin)).toEqual([
      { kind: 'text', text: 'Visit https://evil.test/x or http://localhost:9999/y' },
    ]);
  });

  it('handles text without links and empty text', () => {
    expect(splitTextLinks('Your code is 123456', origin)).toEqual([{ kind: 'text', text: 'Your code is 123456' }]);
    expect(splitTextLinks('', origin)).toEqual([]);
  });
});
