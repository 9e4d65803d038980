import { describe, expect, it } from 'vitest';
import { formatVisitWhen, INVITE_UID, isConfirmReply, VISIT_TEXTS } from '../src/visit-messages';

describe('SMS confirmation replies (SMS-04)', () => {
  it('accepts YES, Y, C and CONFIRM in any case with trailing punctuation', () => {
    for (const body of ['YES', 'yes', ' Yes! ', 'y', 'C', 'c.', 'confirm', 'CONFIRM!!']) expect(isConfirmReply(body)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const body of ['', 'no', 'yes please', 'STOP', 'cancel', 'yess', 'c c', null, undefined]) expect(isConfirmReply(body)).toBe(false);
  });
});

describe('visit message texts', () => {
  it('formats the time in the recipient zone with its abbreviation, across a daylight-saving change', () => {
    expect(formatVisitWhen(new Date('2031-03-08T20:00:00Z'), 'America/New_York')).toBe('Saturday, March 8, 2031 at 3:00 pm EST');
    expect(formatVisitWhen(new Date('2031-03-09T20:00:00Z'), 'America/New_York')).toBe('Sunday, March 9, 2031 at 4:00 pm EDT');
    expect(formatVisitWhen(new Date('2031-03-09T20:00:00Z'), 'America/Los_Angeles')).toBe('Sunday, March 9, 2031 at 1:00 pm PDT');
  });
  it('asks for YES in the confirmation text and names the 21-hour rule', () => {
    const text = VISIT_TEXTS.confirmationRequestSms({
      product: 'SimVisit',
      title: 'Annual wellness visit',
      when: 'Monday',
      link: 'http://x/visit/1',
    });
    expect(text).toContain('Reply YES to confirm');
    expect(text).toContain('21 hours');
    expect(text.endsWith('http://x/visit/1')).toBe(true);
  });
  it('gives one calendar UID per visit and one per proposed date', () => {
    expect(INVITE_UID.visit(12)).toBe('visit-12@simvisit');
    expect(INVITE_UID.requestHold(7, 2)).toBe('request-7-date-2@simvisit');
  });
});
