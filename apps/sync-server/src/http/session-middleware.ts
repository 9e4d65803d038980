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
  const session = await services.sessions.load(readSessionCookie(c, config));
  if (session) {
    c.set('session', session);
    if (session.user_id !== null) c.set('user', (await services.users.byId(session.user_id)) ?? null);
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
