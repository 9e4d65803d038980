import { preApprovedEmailsApi as api, PRE_APPROVED_MESSAGES as M, parseId } from '@simvisit/schema';
import { actorOf } from '../../http/actor';
import { HttpError, unprocessable } from '../../http/errors';
import { type AnyRoute, implement } from '../../http/route';

/** The Pre-Approved Email Import (contract in packages/schema/src/api/pre-approved-emails.ts). */
export const preApprovedEmailsRoutes: AnyRoute[] = [
  implement(api.import, async ({ c }) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) throw unprocessable(M.fileRequired, { file: [M.fileRequired] });
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, 'The upload could not be read.');
    }
    const partnerId = parseId(form.partner_id);
    if (partnerId === null) throw unprocessable(M.partnerRequired, { partner_id: [M.partnerRequired] });
    const file = form.file instanceof File ? { name: form.file.name, bytes: Buffer.from(await form.file.arrayBuffer()) } : null;
    return c.var.services.preApprovedEmails.importList(await actorOf(c), partnerId, file);
  }),
];
