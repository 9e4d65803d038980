import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { composeServices, defineModule } from '../src/module';
import { MODULES } from '../src/modules';
import { SYNC_COLLECTIONS } from '../src/sync/collections';

// The composition root as modules.ts drives it (docs/decisions/0043): no database is touched while composing.
const db = {} as Database;
const config = { uploadsDir: '/tmp/unused' } as Config;

describe('server modules', () => {
  it('refuses a service read before the module that creates it', () => {
    const early = defineModule({ name: 'early', services: ({ services }) => ({ contact: services.mail as never }) });
    expect(() => composeServices([early], db, config)).toThrow("The service 'mail' is used before its module created it");
  });

  it('lets a function read a later module’s service when it runs', () => {
    const first = defineModule({
      name: 'first',
      services: ({ services }) => ({ lookups: { list: () => services.partners as never, one: async () => null as never } }),
    });
    const second = defineModule({ name: 'second', services: () => ({ partners: 'later' as never }) });
    const built = composeServices([first, second], db, config);
    expect(built.lookups.list('any' as never)).toBe('later');
  });

  it('refuses two modules creating the same service', () => {
    const a = defineModule({ name: 'a', services: () => ({ files: 1 as never }) });
    const b = defineModule({ name: 'b', services: () => ({ files: 2 as never }) });
    expect(() => composeServices([a, b], db, config)).toThrow("The service 'files' is created by two modules (the second is 'b')");
  });

  it('names every module once and serves every replicated collection once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const collections = SYNC_COLLECTIONS.map((c) => c.name);
    expect(new Set(collections).size).toBe(collections.length);
  });
});
