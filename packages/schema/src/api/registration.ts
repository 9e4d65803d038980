import { defineContract } from '../api-contract';
import { messageSchema } from '../errors';
import {
  registerConfirmationStatusSchema,
  registerConfirmRequestSchema,
  registerConfirmResponseSchema,
  registerFormQuerySchema,
  registerFormResponseSchema,
  registerRequestSchema,
} from '../registration';

const tag = 'Registration';

/** A learner registering at a partner's login (issue 13 item 1, docs/decisions/0051). */
export const registrationApi = {
  form: defineContract({
    method: 'GET',
    path: '/api/register/form',
    tag,
    summary: "The registration form's frame at a partner: its registration fields",
    access: { type: 'public' },
    scope: 'none',
    query: registerFormQuerySchema,
    response: registerFormResponseSchema,
  }),
  register: defineContract({
    method: 'POST',
    path: '/api/register',
    tag,
    summary: 'Register as a learner at a partner: an account holding one of its seats; an emailed link confirms the email',
    access: { type: 'public' },
    scope: 'none',
    body: registerRequestSchema,
    response: messageSchema,
  }),
  confirmEmail: defineContract({
    method: 'POST',
    path: '/api/register/confirm-email',
    tag,
    summary: "Confirm a new learner's email with the emailed link's token; grants the learner role and signs in",
    access: { type: 'public' },
    scope: 'none',
    body: registerConfirmRequestSchema,
    response: registerConfirmResponseSchema,
  }),
  confirmationStatus: defineContract({
    method: 'GET',
    path: '/api/register/confirmation',
    tag,
    summary: "Whether the signed-in user's registration still waits for its emailed link",
    access: { type: 'authenticated' },
    scope: 'self',
    beforeAdmission: true,
    response: registerConfirmationStatusSchema,
  }),
  resendConfirmation: defineContract({
    method: 'POST',
    path: '/api/register/resend-confirmation',
    tag,
    summary: "Send the registration's confirmation link again to the signed-in learner",
    access: { type: 'authenticated' },
    scope: 'self',
    beforeAdmission: true,
    response: messageSchema,
  }),
};
