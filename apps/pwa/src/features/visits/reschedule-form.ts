import { VISIT_REQUEST_MESSAGES, visitRescheduleRequestSchema } from '@simvisit/schema';
import { z } from 'zod';

/**
 * The reschedule rule of the server, with the learner's own words for an empty choice (one per picker, as the
 * visit request form says them) before it: the server's rule says 'Please select a date and time' for both.
 */
export const rescheduleFormSchema = z
  .looseObject({
    visit_date_one: z.string().min(1, { error: VISIT_REQUEST_MESSAGES.dateOneRequired }),
    visit_date_two: z.string().min(1, { error: VISIT_REQUEST_MESSAGES.dateTwoRequired }),
  })
  .pipe(visitRescheduleRequestSchema);
