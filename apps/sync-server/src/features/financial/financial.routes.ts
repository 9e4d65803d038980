import { financialApi as api } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet';

/** The financial overview and report (contracts in packages/schema/src/api/financial.ts). */
export const financialRoutes: AnyRoute[] = [
  implement(api.overview, async ({ c, body }) => c.var.services.financial.overview(await actorOf(c), body)),
  implement(api.report, async ({ c, query }) => c.var.services.financial.report(await actorOf(c), query)),
  implement(api.reportExport, async ({ c, query }) => {
    const meta = { ip: c.var.ip, requestId: c.var.requestId };
    const file = await c.var.services.financial.reportFile(await actorOf(c), query, meta);
    // a download, never cached: it carries what people earned
    return c.body(new Uint8Array(file.bytes), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'private, no-store',
    });
  }),
];
