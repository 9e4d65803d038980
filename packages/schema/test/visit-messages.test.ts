import { describe, expect, it } from 'vitest';
import { formatInZone, zonedDateTimeParts, zoneNameAt } from '../src/format';
import { INVITE_UID, isConfirmReply, VISIT_TEXTS, withoutAddress } from '../src/visit-messages';

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
    expect(formatInZone(new Date('2031-03-08T20:00:00Z'), 'America/New_York')).toBe('Sat, Mar 8, 3:00 PM EST');
    expect(formatInZone(new Date('2031-03-09T20:00:00Z'), 'America/New_York')).toBe('Sun, Mar 9, 4:00 PM EDT');
    expect(formatInZone(new Date('2031-03-09T20:00:00Z'), 'America/Los_Angeles')).toBe('Sun, Mar 9, 1:00 PM PDT');
  });
  it('names the zone by its IANA name where it has no abbreviation, and moves the day with the zone', () => {
    const at = new Date('2026-12-01T19:00:00Z');
    expect(formatInZone(at, 'Europe/Vilnius')).toBe('Tue, Dec 1, 9:00 PM Europe/Vilnius');
    expect(formatInZone(at, 'Asia/Tokyo')).toBe('Wed, Dec 2, 4:00 AM Asia/Tokyo');
    expect(formatInZone(at, 'UTC')).toBe('Tue, Dec 1, 7:00 PM UTC');
    expect(zoneNameAt(at, 'Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(zonedDateTimeParts(at, 'America/New_York')).toEqual({ date: 'Tue, Dec 1', time: '2:00 PM EST' });
  });
  it('takes the page address out of a notification text, keeping the sentence whole', () => {
    const link = 'http://x/visit/1';
    expect(withoutAddress(`Your visit "A" is scheduled for Tue. ${link}`, link)).toBe('Your visit "A" is scheduled for Tue.');
    expect(withoutAddress(`Reminder. Join from the visit page: ${link}`, link)).toBe('Reminder. Join from the visit page.');
    expect(withoutAddress(`Please confirm it on the visit page: ${link}\n\nUnconfirmed visits are cancelled.`, link)).toBe(
      'Please confirm it on the visit page.\n\nUnconfirmed visits are cancelled.',
    );
    expect(withoutAddress('No address here.', link)).toBe('No address here.');
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
