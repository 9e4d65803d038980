import { financialApi as api } from '@simvisit/schema';
import { actorOf, auditRequestOf } from '../../http/actor';
import { type AnyRoute, implement } from '../../http/route';
import { XLSX_CONTENT_TYPE } from '../../platform/spreadsheet';

/** The payment report and its spreadsheet (contracts in packages/schema/src/api/financial.ts). */
export const paymentReportRoutes: AnyRoute[] = [
  implement(api.payment, async ({ c, query }) => c.var.services.paymentReport.report(await actorOf(c), query)),
  implement(api.paymentExport, async ({ c, query }) => {
    const file = await c.var.services.paymentReport.export(await actorOf(c), auditRequestOf(c), query);
    // A download, never cached: it carries what learners and partners paid.
    return c.body(new Uint8Array(file.bytes), 200, {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'private, no-store',
    });
  }),
];
