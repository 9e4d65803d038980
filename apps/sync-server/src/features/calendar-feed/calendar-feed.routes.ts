import { calendarFeedApi as api } from '@simvisit/schema';
import { actorOf, auditRequestOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** The caller's calendar feed on the profile, and the public feed itself (contracts in packages/schema/src/api/calendar-feed.ts). */
export const calendarFeedRoutes: AnyRoute[] = [
  implement(api.status, async ({ c }) => c.var.services.calendarFeed.status(await actorOf(c))),
  implement(api.create, async ({ c }) => c.var.services.calendarFeed.create(await actorOf(c), auditRequestOf(c))),
  implement(api.revoke, async ({ c }) => c.var.services.calendarFeed.revoke(await actorOf(c), auditRequestOf(c))),
  implement(api.feed, async ({ c }) => {
    const text = await c.var.services.calendarFeed.feed(c.req.param('token') ?? '', c.var.ip);
    return c.body(text, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="calendar.ics"',
      // The address is the credential: never cached by a shared cache, never sent on as a referrer.
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  }),
];
