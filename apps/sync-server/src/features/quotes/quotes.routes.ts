import { quotesApi as api, QUOTE_MESSAGES as M } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';

/** Quote management (contracts in packages/schema/src/api/quotes.ts). */
export const quotesRoutes: AnyRoute[] = [
  implement(api.form, ({ c, query }) => c.var.services.quotes.form(c.req.header('host'), query.partner_slug)),
  implement(api.request, ({ c, body }) =>
    c.var.services.quoteRequest.request(body, c.var.user ?? null, { ip: c.var.ip, host: c.req.header('host'), requestId: c.var.requestId }),
  ),
  implement(api.list, async ({ c, query }) => c.var.services.quotes.list(query)),
  implement(api.detail, async ({ c, query }) => c.var.services.quotes.detail(query.request_id)),
  implement(api.save, async ({ c, body }) => {
    await c.var.services.quotes.save(await actorOf(c), body);
    return { message: M.saved };
  }),
  implement(api.approve, async ({ c, body }) => {
    await c.var.services.quotes.approve(await actorOf(c), body);
    return { message: M.approved };
  }),
  implement(api.reject, async ({ c, body }) => {
    await c.var.services.quotes.reject(await actorOf(c), body.request_id);
    return { message: M.rejected };
  }),
];
