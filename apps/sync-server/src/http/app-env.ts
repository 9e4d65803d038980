import type { Services } from '../app-services';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { UserRow } from '../db/types';
import type { SessionRecord } from '../platform/sessions';

/** What every request carries through the middleware into the routes. */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Database;
    services: Services;
    requestId: string;
    ip: string;
    session: SessionRecord | null;
    user: UserRow | null;
    /** true when the caller authenticated with a bearer token instead of the session cookie */
    viaToken: boolean;
  };
}
