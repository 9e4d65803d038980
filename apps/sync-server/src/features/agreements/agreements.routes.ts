import { agreementsApi as api, invoicesApi as iapi } from '@simvisit/schema';
import type { Context } from 'hono';
import { actorOf } from '../../http/actor';
import type { AppEnv } from '../../http/app-env';
import { type AnyRoute, implement } from '../../http/route';

/** A PDF made on the server, shown in the browser (never cached: it carries the agreement's private terms). */
const pdf = (c: Context<AppEnv>, file: { bytes: Uint8Array; filename: string }) =>
  c.body(new Uint8Array(file.bytes), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${file.filename}"`,
    'cache-control': 'private, no-store',
  });

/** Agreements and invoices (contracts in packages/schema/src/api/agreements.ts). */
export const agreementsRoutes: AnyRoute[] = [
  implement(api.list, async ({ c }) => c.var.services.agreements.list(await actorOf(c))),
  implement(api.show, async ({ c, query }) => c.var.services.agreements.show(await actorOf(c), query.agreement_id)),
  implement(api.pdf, async ({ c, query }) => pdf(c, await c.var.services.agreements.pdf(await actorOf(c), query.agreement_id))),
  implement(api.sign, async ({ c, body }) => {
    const meta = { ip: c.var.ip, requestId: c.var.requestId, userAgent: c.req.header('user-agent') ?? '' };
    return c.var.services.agreements.sign(await actorOf(c), meta, body);
  }),
  implement(api.payment, async ({ c, body }) => c.var.services.agreements.pay(await actorOf(c), body)),
  implement(api.requestInvoice, async ({ c, body }) => c.var.services.invoices.request(await actorOf(c), body.agreement_id)),
  implement(iapi.list, ({ c }) => c.var.services.invoices.list()),
  implement(iapi.show, async ({ c, query }) => c.var.services.invoices.show(query.invoice_id)),
  implement(iapi.pdf, async ({ c, query }) => pdf(c, await c.var.services.invoices.pdf(await actorOf(c), query.invoice_id))),
  implement(iapi.markAsPaid, async ({ c, body }) => c.var.services.invoices.markAsPaid(await actorOf(c), body.invoice_id)),
];
