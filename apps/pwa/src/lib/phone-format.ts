import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A stored E.164 number as people read it ("+1 213 373 4253"); the raw value when it cannot be read. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
