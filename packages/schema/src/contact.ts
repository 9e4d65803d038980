import { z } from 'zod';
import { optionalString, requiredEmail, requiredString } from './fields';
import { idSchema } from './ids';

export const CONTACT_TOPICS = {
  general_inquiry: 'General Inquiry',
  live_sp_issue: 'Issue with a live SP session',
  registering_issue: 'Issue registering',
  missed_and_reschedule: 'Missed session and rescheduling',
} as const;

export const contactRequestSchema = z.object({
  first_name: requiredString('first name', 100),
  last_name: requiredString('last name', 100),
  email: requiredEmail(),
  mobile_number: optionalString('mobile number', 30),
  topicKind: z.enum(['general_inquiry', 'live_sp_issue', 'registering_issue', 'missed_and_reschedule'], {
    error: 'Please choose a topic.',
  }),
  user_message: requiredString('message', 5000),
  partner_id: idSchema().nullish(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
