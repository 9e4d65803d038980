import {
  addRegistrationFieldRequestSchema,
  REGISTRATION_FIELD_MESSAGES as M,
  registerRequestSchema,
  slugOfTitle,
  takesRegistrations,
} from '@simvisit/schema';
import { describe, expect, it } from 'vitest';

describe('slugOfTitle', () => {
  it('lower-cases the words and joins them with single underscores', () => {
    expect(slugOfTitle('Student ID #')).toBe('student_id');
    expect(slugOfTitle('  Graduation   Year (expected) ')).toBe('graduation_year_expected');
    expect(slugOfTitle('Café Niño')).toBe('cafe_nino');
    expect(slugOfTitle('!!!')).toBe('');
    expect(slugOfTitle('x'.repeat(300))).toHaveLength(100);
  });
});

describe('add field rules (spec 002 §5)', () => {
  const errorOf = (input: unknown) => {
    const parsed = addRegistrationFieldRequestSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it('needs a title, and a drop-down at least 2 options with no empty one', () => {
    expect(errorOf({ field_type: 'input', field_title: ' ' })).toBe(M.titleRequired);
    expect(errorOf({ field_type: 'select', field_title: 'Campus', answers: ['North'] })).toBe(M.selectOptions);
    expect(errorOf({ field_type: 'select', field_title: 'Campus', answers: ['North', ''] })).toBe(M.emptyValues);
    expect(errorOf({ field_type: 'select', field_title: 'Campus', answers: ['North', 'South'] })).toBeNull();
    expect(errorOf({ field_type: 'textbox', field_title: 'About', answers: [''] })).toBeNull();
  });
});

describe('learner registration', () => {
  it('is not offered by the main and simulation brands (spec 000 §2.3)', () => {
    expect(takesRegistrations(1)).toBe(false);
    expect(takesRegistrations(28)).toBe(false);
    expect(takesRegistrations(3)).toBe(true);
  });
  it('asks the password twice alike', () => {
    const base = { first_name: 'A', last_name: 'B', email: 'a@b.test', password: 'a-long-secret-2026' };
    expect(registerRequestSchema.safeParse({ ...base, password_confirmation: 'a-long-secret-2026' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...base, password_confirmation: 'other' }).success).toBe(false);
  });
});
