import { preApprovedEmailsApi as api, PRE_APPROVED_MESSAGES as M, parseId } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { unprocessable } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { type AnyRoute, implement } from '../../http/route';

/** The Pre-Approved Email Import (contract in packages/schema/src/api/pre-approved-emails.ts). */
export const preApprovedEmailsRoutes: AnyRoute[] = [
  implement(api.import, async ({ c }) => {
    const form = await readMultipart(c, { notMultipart: () => unprocessable(M.fileRequired, { file: [M.fileRequired] }) });
    const partnerId = parseId(form.partner_id);
    if (partnerId === null) throw unprocessable(M.partnerRequired, { partner_id: [M.partnerRequired] });
    const file = form.file instanceof File ? { name: form.file.name, bytes: Buffer.from(await form.file.arrayBuffer()) } : null;
    return c.var.services.preApprovedEmails.importList(await actorOf(c), partnerId, file);
  }),
];
