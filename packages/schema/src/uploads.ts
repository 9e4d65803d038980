import { z } from 'zod';

/*
 * A file field of a multipart form (issue 18 item 2, docs/decisions/0063): the browser's File before the upload
 * and the server's parsed one after it both have a name, a size in bytes and a type, so one rule checks both.
 */

export interface UploadedFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<UploadedFile>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.type === 'string';
}

export interface FileRules {
  /** no file at all (and, without `wrongType`, a file whose name `accept` refuses) */
  required: string;
  /** the names accepted, by extension (the server checks the content again) */
  accept?: RegExp;
  wrongType?: string;
  /** more than this many bytes is refused with `tooLarge` */
  maxBytes?: number;
  /** a rule of its own instead of `maxBytes` (the logo's whole MB) */
  isTooLarge?: (bytes: number) => boolean;
  tooLarge?: string;
}

/** One required file, checked in this order: there, of an accepted name, not too large. */
export function uploadedFileSchema(rules: FileRules) {
  const tooLarge = rules.isTooLarge ?? ((bytes: number) => rules.maxBytes !== undefined && bytes > rules.maxBytes);
  return z.unknown().transform((value, ctx): UploadedFile => {
    const file = isUploadedFile(value) ? value : null;
    const problem = !file
      ? rules.required
      : rules.accept && !rules.accept.test(file.name)
        ? (rules.wrongType ?? rules.required)
        : tooLarge(file.size)
          ? (rules.tooLarge ?? rules.required)
          : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return file as UploadedFile;
  });
}
