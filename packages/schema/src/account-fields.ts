import { z } from 'zod/mini';
import { requiredEmail, requiredString } from './fields';
import { idSchema } from './ids';
import { newPasswordSchema } from './passwords';
import { plainText } from './plain-text';

/*
 * The fields every form that creates an account shares (applying for a role, a learner registering; issue 18
 * item 2, docs/decisions/0063): the person's name and email, a password typed twice, and the partner's own
 * registration fields. The contact form shares the person's name and email.
 */

export const ACCOUNT_MESSAGES = {
  passwordConfirmation: 'The password field confirmation does not match.',
} as const;

/** First Name, Last Name and Email, in Laravel's words: the account forms and the contact form. */
export const personFieldsSchema = z.object({
  first_name: plainText(requiredString('first name', 100), 'first name'),
  last_name: plainText(requiredString('last name', 100), 'last name'),
  email: requiredEmail(),
});

/** One answer to a partner's registration field (spec 002 §2.11). */
export const accountCustomFieldSchema = z.object({
  registration_field_id: idSchema(),
  value: z.string({ error: 'The value must be a string.' }).check(z.maxLength(2000, { error: 'The value is too long.' })),
});

/** An account's fields before the password check; extend it, then close it with `withPasswordConfirmed`. */
export const accountFieldsSchema = z.extend(personFieldsSchema, {
  partner_slug: z.nullish(z.string().check(z.maxLength(100))),
  password: newPasswordSchema,
  password_confirmation: z.string().check(z.maxLength(256)),
  custom_fields: z._default(z.array(accountCustomFieldSchema).check(z.maxLength(100)), []),
});
export type AccountFieldsValues = z.input<typeof accountFieldsSchema>;

/** The password typed twice must match; the message goes under Confirm Password. */
export function withPasswordConfirmed<T extends z.ZodMiniType<{ password: string; password_confirmation: string }>>(schema: T) {
  return schema.check(
    z.refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      error: ACCOUNT_MESSAGES.passwordConfirmation,
    }),
  );
}
