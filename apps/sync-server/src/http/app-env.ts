import type { Selectable } from 'kysely';
import type { Services } from '../app-services';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { SessionsTable, UserRow } from '../db/types';

/** What every request carries through the middleware into the routes. */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Database;
    services: Services;
    requestId: string;
    ip: string;
    // The row itself, not platform/sessions' SessionRecord: that module's entry declares its module, which names
    // the routes' types, and importing it here would close a cycle.
    session: Selectable<SessionsTable> | null;
    user: UserRow | null;
    /** true when the caller authenticated with a bearer token instead of the session cookie */
    viaToken: boolean;
  };
}
