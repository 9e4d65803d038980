import { ACCESS } from '../api-access';
import { defineContract, uploadBodyLimit } from '../api-contract';
import { emailImportResponseSchema, PRE_APPROVED_LIMITS } from '../pre-approved-emails';

/** The Pre-Approved Email Import (spec 002 §7 'Partner administration'): super admins only (AUTHZ-14). */
const tag = 'Pre-approved emails';

export const preApprovedEmailsApi = {
  /** A multipart body read by the handler itself: `partner_id` and `file` (.xlsx; UP-04 limits there). */
  import: defineContract({
    method: 'POST',
    path: '/api/partner/email-list',
    tag,
    summary: "Add the emails of an .xlsx list (first column of the first sheet) to a partner's pre-approved list",
    access: ACCESS.superAdmin,
    scope: 'object',
    json: false,
    bodyLimit: uploadBodyLimit(PRE_APPROVED_LIMITS.fileBytes),
    response: emailImportResponseSchema,
  }),
};
