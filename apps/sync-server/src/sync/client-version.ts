import { CLIENT_VERSION_HEADER, MIN_CLIENT_VERSION, MSG } from '@simvisit/schema';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';

/** A client build older than the server accepts gets 426 and reloads to fetch the new app. */
export const clientVersionGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sent = c.req.header(CLIENT_VERSION_HEADER);
  if (sent !== undefined && !(Number(sent) >= MIN_CLIENT_VERSION)) {
    return c.json({ message: MSG.outdatedClient }, 426);
  }
  await next();
};
