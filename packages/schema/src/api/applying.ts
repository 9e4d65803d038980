import { defineContract, uploadBodyLimit } from '../api-contract';
import { applyFormQuerySchema, applyFormResponseSchema, confirmEmailRequestSchema, MAX_APPLY_UPLOAD_BYTES } from '../applying';
import { messageSchema } from '../errors';

const tag = 'Applying';

/** Applying for a role from the login page (issue 12 item 1, docs/decisions/0047). */
export const applyingApi = {
  form: defineContract({
    method: 'GET',
    path: '/api/apply/form',
    tag,
    summary: "The application form's frame at a partner: its registration fields and the roles applied for",
    access: { type: 'public' },
    scope: 'none',
    query: applyFormQuerySchema,
    response: applyFormResponseSchema,
  }),
  /** A multipart body, read by the handler itself: `application` (JSON of applyRequestSchema), `resume`, `headshot`. */
  apply: defineContract({
    method: 'POST',
    path: '/api/apply',
    tag,
    summary: 'Apply for roles: an applicant account, the application, a resume (PDF) and a headshot; a link confirms the email',
    access: { type: 'public' },
    scope: 'none',
    json: false,
    // a resume and a headshot
    bodyLimit: uploadBodyLimit(MAX_APPLY_UPLOAD_BYTES, MAX_APPLY_UPLOAD_BYTES),
    response: messageSchema,
  }),
  confirmEmail: defineContract({
    method: 'POST',
    path: '/api/apply/confirm-email',
    tag,
    summary: "Confirm the applicant's email with the emailed link's token; submits the application and signs in",
    access: { type: 'public' },
    scope: 'none',
    body: confirmEmailRequestSchema,
    response: messageSchema,
  }),
  resendConfirmation: defineContract({
    method: 'POST',
    path: '/api/apply/resend-confirmation',
    tag,
    summary: 'Send the confirmation link again to the signed-in applicant',
    access: { type: 'authenticated' },
    scope: 'self',
    response: messageSchema,
  }),
};
