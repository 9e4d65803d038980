import { z } from 'zod';

/** Application status of spec 000 §4. */
export type ApplicationStatus = 'Pending' | 'Interview Requested' | 'Interview scheduled' | 'Under Review';

export function applicationStatus(app: {
  interview: { is_complete: boolean } | null;
  interview_requests: readonly unknown[];
}): ApplicationStatus {
  if (app.interview) return app.interview.is_complete ? 'Under Review' : 'Interview scheduled';
  if (app.interview_requests.length > 0) return 'Interview Requested';
  return 'Pending';
}

/** A quote request nobody has decided yet (no quote, or a saved one neither approved nor rejected; decision 0073). */
export const QUOTE_AWAITING_REVIEW = 'Awaiting Review';

/**
 * Quote status of spec 000 §4, plus the undecided one the spec does not name (decision 0073). `null` is a request
 * whose quote has not been built yet.
 */
export function quoteStatus(
  q: { is_approved: boolean; is_rejected: boolean; is_agreement_signed: boolean; is_payment_made: boolean } | null | undefined,
): string {
  if (!q) return QUOTE_AWAITING_REVIEW;
  if (q.is_rejected) return 'Rejected';
  if (q.is_payment_made) return 'Agreement finalized';
  if (q.is_agreement_signed) return 'Payment required';
  if (!q.is_approved) return QUOTE_AWAITING_REVIEW;
  return 'Document signing and Payment required';
}

export const applicationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.string(),
  roles: z.array(z.string()),
  interview: z.object({ id: z.number().int(), is_complete: z.boolean() }).nullable(),
  interview_requests: z.array(z.object({ id: z.number().int() })),
  user: z.object({
    user_roles: z.array(z.object({ role_id: z.number().int(), is_approved: z.boolean(), role: z.object({ name: z.string() }) })),
  }),
});

export const alertSchema = z.object({
  message: z.string(),
  link_text: z.string(),
  route: z.object({ name: z.string(), params: z.record(z.string(), z.string()) }),
});

export const quoteRequestSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  title: z.string(),
  /** the quote status of spec 000 §4, or 'Awaiting Review' while undecided */
  status: z.string(),
  /** the agreement View Quote opens, once the quote is approved or rejected; null before */
  agreement_id: z.number().int().nullable(),
});
export const quoteSchema = z.object({
  id: z.number().int(),
  quote_request_id: z.number().int(),
  is_approved: z.boolean(),
  is_rejected: z.boolean(),
  is_agreement_signed: z.boolean(),
  is_payment_made: z.boolean(),
  status: z.string(),
});

/**
 * What the applicant left with the application (spec 001 §3 'Pending user'), for the View dialog (decision 0060):
 * it sits on the account, so one per answer. The file URLs are the authorizing download route's, or null.
 */
export const applicantDetailsSchema = z.object({
  experience: z.string().nullable(),
  /** the time zone's title, or null when none is set ('Not Set') */
  timezone: z.string().nullable(),
  availabilities: z.array(z.object({ day: z.string(), start_time: z.string(), end_time: z.string() })),
  resume_url: z.string().nullable(),
  headshot_url: z.string().nullable(),
});
export type ApplicantDetails = z.infer<typeof applicantDetailsSchema>;

export const applicationsResponseSchema = z.object({
  applications: z.array(applicationSchema),
  applicant: applicantDetailsSchema,
  alerts: z.array(alertSchema),
  quote_requests: z.array(quoteRequestSchema),
  quotes: z.array(quoteSchema),
  /** An application waits for its email's confirmation link (docs/decisions/0047). */
  confirmation_pending: z.boolean(),
});
export type ApplicationsResponse = z.infer<typeof applicationsResponseSchema>;
