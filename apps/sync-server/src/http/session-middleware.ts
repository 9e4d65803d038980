import type { MiddlewareHandler } from 'hono';
import { readSessionCookie } from '../platform/sessions';
import type { AppEnv } from './app-env';

/**
 * Loads the caller's session and user. Identity always comes from here (the session cookie, or a bearer
 * token for reads), never from a request body.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { services, config } = c.var;
  c.set('session', null);
  c.set('user', null);
  c.set('viaToken', false);
  // The session and its user in one round trip (issue 23 item 3).
  const found = await services.sessions.loadWithUser(readSessionCookie(c, config));
  if (found) {
    c.set('session', found.session);
    c.set('user', found.user);
  } else {
    const auth = c.req.header('authorization');
    if (auth?.startsWith('Bearer ')) {
      const user = await services.auth.userOfToken(auth.slice(7).trim());
      if (user) {
        c.set('user', user);
        c.set('viaToken', true);
      }
    }
  }
  await next();
};
