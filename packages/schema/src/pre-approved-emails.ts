import { z } from 'zod';
import { idSchema } from './ids';
import { uploadedFileSchema } from './uploads';

/*
 * The Pre-Approved Email Import (spec 002 §2.17, §5, §8; SECURITY.md UP-04; docs/decisions/0054): a super admin
 * uploads an .xlsx list of emails for a partner; learners registering with one of them skip the brand passcode.
 */

export const PRE_APPROVED_MESSAGES = {
  uploaded: 'Emails Successfully Upload.',
  fileRequired: '.xlsx file required',
  notXlsx: 'The file is not an .xlsx spreadsheet.',
  tooLarge: 'The file may not be larger than 2 MB.',
  tooBig: 'The spreadsheet is too large to read (at most 8 MB uncompressed).',
  tooManyRows: 'The list may have at most 10000 rows.',
  noEmails: 'The list has no email addresses.',
  invalidEmails: 'The list has invalid email addresses.',
  partnerRequired: 'Please select a partner.',
  partnerNotFound: 'Partner not found.',
  uploadFailed: 'Unable to upload the email list',
} as const;

/** UP-04 limits, checked before exceljs reads anything (docs/decisions/0054). */
export const PRE_APPROVED_LIMITS = {
  /** the uploaded file */
  fileBytes: 2 * 1024 * 1024,
  /** every entry of the zip inflated, added up (a zip bomb stops here) */
  uncompressedBytes: 8 * 1024 * 1024,
  /** entries of the zip (an .xlsx written by Excel has about a dozen) */
  entries: 200,
  /** rows of the first sheet */
  rows: 10_000,
  /** invalid rows named in one answer; the rest are counted */
  reportedRows: 20,
  /** an email's length (RFC 5321) */
  emailLength: 254,
} as const;

/** The multipart request: a partner and an .xlsx file of at most 2 MB (what is inside is the server's to read). */
export const emailImportRequestSchema = z.object({
  partner_id: idSchema(PRE_APPROVED_MESSAGES.partnerRequired),
  file: uploadedFileSchema({
    required: PRE_APPROVED_MESSAGES.fileRequired,
    accept: /\.xlsx$/i,
    maxBytes: PRE_APPROVED_LIMITS.fileBytes,
    tooLarge: PRE_APPROVED_MESSAGES.tooLarge,
  }),
});

export type EmailImportRequest = z.infer<typeof emailImportRequestSchema>;

/** What an import answers: how many addresses were read, new on the list, repeated in the file, already there. */
export const emailImportResponseSchema = z.object({
  message: z.string(),
  read: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  already_listed: z.number().int(),
});
export type EmailImportResponse = z.infer<typeof emailImportResponseSchema>;

const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** Whether a cell's text is an email address the list may hold (compared lower-cased, as stored). */
export function isListEmail(value: string): boolean {
  return value.length <= PRE_APPROVED_LIMITS.emailLength && EMAIL.test(value);
}

/** The words for one invalid row. */
export function invalidRowMessage(row: number, value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return `Row ${row}: "${shown}" is not a valid email address.`;
}

export interface EmailRows {
  /** the addresses, lower-cased, once each, in the order first met */
  emails: string[];
  /** addresses met again after their first row */
  duplicates: number;
  /** one message per invalid row, at most PRE_APPROVED_LIMITS.reportedRows, then a count of the rest */
  invalid: string[];
}

/**
 * The list of a sheet's first column: empty cells are skipped, a first row reading 'email' (any case) is the
 * header, everything else must be an address. Pure, so the PWA could preview the same rule.
 */
export function collectEmailRows(rows: readonly { row: number; text: string }[]): EmailRows {
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalidRows: string[] = [];
  let duplicates = 0;
  let invalidCount = 0;
  for (const { row, text } of rows) {
    const value = text.trim();
    if (value === '') continue;
    if (row === 1 && /^e-?mail(\s+address)?$/i.test(value)) continue;
    if (!isListEmail(value)) {
      invalidCount++;
      if (invalidRows.length < PRE_APPROVED_LIMITS.reportedRows) invalidRows.push(invalidRowMessage(row, value));
      continue;
    }
    const email = value.toLowerCase();
    if (seen.has(email)) {
      duplicates++;
      continue;
    }
    seen.add(email);
    emails.push(email);
  }
  if (invalidCount > invalidRows.length) invalidRows.push(`And ${invalidCount - invalidRows.length} more invalid rows.`);
  return { emails, duplicates, invalid: invalidRows };
}
