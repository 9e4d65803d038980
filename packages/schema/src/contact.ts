import { z } from 'zod';
import { personFieldsSchema } from './account-fields';
import { optionalString, requiredString } from './fields';
import { idSchema } from './ids';

export const CONTACT_TOPICS = {
  general_inquiry: 'General Inquiry',
  live_sp_issue: 'Issue with a live SP session',
  registering_issue: 'Issue registering',
  missed_and_reschedule: 'Missed session and rescheduling',
} as const;

/** The person's name and email as the account forms ask them, then the contact's own fields. */
export const contactRequestSchema = z.object({
  ...personFieldsSchema.shape,
  mobile_number: optionalString('mobile number', 30),
  topicKind: z.enum(['general_inquiry', 'live_sp_issue', 'registering_issue', 'missed_and_reschedule'], {
    error: 'Please choose a topic.',
  }),
  user_message: requiredString('message', 5000),
  partner_id: z.nullish(idSchema()),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
