import { describe, expect, it } from 'vitest';
import { deriveStoreSchemas, STORE_SCHEMAS } from '../src';

describe('store-schemas.generated.ts', () => {
  it('holds what the zod document schemas derive', () => {
    expect(STORE_SCHEMAS, 'a replicated document changed: run `npm run generate:store-schemas`').toEqual(deriveStoreSchemas());
  });
});
