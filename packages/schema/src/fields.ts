import { z } from 'zod';

/** Laravel-style field rules, so server and client show the same words. */
export function requiredString(label: string, max = 255) {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(max, { error: `The ${label} field must not be greater than ${max} characters.` });
}

export function requiredEmail(label = 'email') {
  return requiredString(label, 255).pipe(z.email({ error: `The ${label} field must be a valid email address.` }));
}

export function optionalString(label: string, max = 255) {
  return z
    .string({ error: `The ${label} field must be a string.` })
    .trim()
    .max(max, { error: `The ${label} field must not be greater than ${max} characters.` })
    .nullish();
}
