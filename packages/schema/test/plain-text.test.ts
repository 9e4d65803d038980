import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasMarkup, plainText, plainTextMessage } from '../src';

describe('plain-text rule (issue 21 item 6)', () => {
  it('finds tags, comments, doctypes and instructions, not a lone "<"', () => {
    for (const text of ['<b>x</b>', 'a <img src=x>', '</p>', '<!-- c -->', '<!DOCTYPE html>', '<?xml?>', '< b>x</b>'])
      expect(hasMarkup(text), text).toBe(true);
    for (const text of ['a < b', '<3', '2<3', 'x <= y', 'Tom & Jerry', '<', '<<', '< b']) expect(hasMarkup(text), text).toBe(false);
  });

  it('refines a schema with the field message and lets null through', () => {
    const schema = plainText(z.string().nullable(), 'title');
    expect(schema.safeParse('Plain').success).toBe(true);
    expect(schema.safeParse(null).success).toBe(true);
    const refused = schema.safeParse('<b>x</b>');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(plainTextMessage('title'));
  });
});
