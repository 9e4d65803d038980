import { firstMessage } from '@simvisit/schema';

/*
 * The local writes' refusals, apart from the writes themselves (local-writes.ts, which holds every replicated
 * collection's schema and loads on the first write, decision 0085): pages test for them with `instanceof`.
 */

export class StoreUnavailableError extends Error {
  constructor() {
    super('Your data on this device is still opening. Try again in a moment.');
  }
}

/** The shared rules refused the document before it was saved; nothing was written. */
export class LocalValidationError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super(firstMessage(errors));
    this.errors = errors;
  }
}
