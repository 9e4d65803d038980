import { z } from 'zod/mini';

/** Laravel-style field rules, so server and client show the same words. */
export function requiredString(label: string, max = 255) {
  return z
    .string({ error: `The ${label} field is required.` })
    .check(z.trim())
    .check(z.minLength(1, { error: `The ${label} field is required.` }))
    .check(z.maxLength(max, { error: `The ${label} field must not be greater than ${max} characters.` }));
}

export function requiredEmail(label = 'email') {
  return z.pipe(requiredString(label, 255), z.email({ error: `The ${label} field must be a valid email address.` }));
}

export function optionalString(label: string, max = 255) {
  return z.nullish(
    z
      .string({ error: `The ${label} field must be a string.` })
      .check(z.trim())
      .check(z.maxLength(max, { error: `The ${label} field must not be greater than ${max} characters.` })),
  );
}
