import { MOBILE_MESSAGES, USER_MANAGEMENT_MESSAGES, updateRolesRequestSchema, VISIT_REQUEST_MESSAGES } from '@simvisit/schema';
import { describe, expect, it } from 'vitest';
import { smsOptInFormSchema } from '../src/features/mobile-verification/sms-opt-in-form';
import { rescheduleFormSchema } from '../src/features/visits/reschedule-form';

/** The messages a form's rule gives, by field, as useApiForm puts them under the fields. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    found[key] = [...(found[key] ?? []), issue.message];
  }
  return found;
}

describe('the visit reschedule form rule', () => {
  const zone = 'America/New_York';
  it('says which choice is missing, in the request form’s words', () => {
    expect(messages(rescheduleFormSchema.safeParse({ visit_date_one: '', visit_date_two: '', timezone: zone }))).toEqual({
      visit_date_one: [VISIT_REQUEST_MESSAGES.dateOneRequired],
      visit_date_two: [VISIT_REQUEST_MESSAGES.dateTwoRequired],
    });
  });

  it('refuses the same slot twice under the alternate choice, then passes the server’s rule', () => {
    const same = rescheduleFormSchema.safeParse({
      visit_date_one: '2030-05-01 10:00:00',
      visit_date_two: '2030-05-01 10:00:00',
      timezone: zone,
    });
    expect(messages(same)).toEqual({ visit_date_two: [VISIT_REQUEST_MESSAGES.sameDates] });
    const good = rescheduleFormSchema.safeParse({
      visit_date_one: '2030-05-01 10:00:00',
      visit_date_two: '2030-05-02 10:00:00',
      timezone: zone,
    });
    expect(good.success).toBe(true);
  });
});

describe('the SMS opt-in form rule', () => {
  it('says Invalid Number for a number that cannot receive texts (given to it as none)', () => {
    const result = smsOptInFormSchema.safeParse({ enable_sms_notifications: true, mobile_number: '', sms_consent: true });
    expect(messages(result)).toEqual({ mobile_number: [MOBILE_MESSAGES.invalidNumber] });
  });

  it('takes an E.164 number', () => {
    const result = smsOptInFormSchema.safeParse({ enable_sms_notifications: true, mobile_number: '+12025550123', sms_consent: true });
    expect(result.success).toBe(true);
  });
});

describe('the roles rule on a typed rate', () => {
  it.each(['1200', '-3', 'abc'])('refuses %s with the range message', (rate) => {
    expect(messages(updateRolesRequestSchema.safeParse({ user_id: 1, observer_rate: rate }))).toEqual({
      observer_rate: [USER_MANAGEMENT_MESSAGES.rateRange],
    });
  });
});
