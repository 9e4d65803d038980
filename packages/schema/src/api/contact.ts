import { defineContract } from '../api-contract';
import { contactRequestSchema } from '../contact';
import { messageSchema } from '../errors';

/** The Contact Us form (spec 002): open to anyone, signed in or not. */
export const contactApi = {
  send: defineContract({
    method: 'POST',
    path: '/api/contact-us',
    tag: 'Contact',
    summary: 'Send the Contact Us form to support',
    access: { type: 'public' },
    scope: 'none',
    body: contactRequestSchema,
    response: messageSchema,
  }),
};
