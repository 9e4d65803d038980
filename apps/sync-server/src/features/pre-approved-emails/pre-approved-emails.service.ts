import { collectEmailRows, type EmailImportResponse, PRE_APPROVED_LIMITS as L, PRE_APPROVED_MESSAGES as M } from '@simvisit/schema';
import { notFound, unprocessable } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import type { PreApprovedEmailsRepository } from './pre-approved-emails.repository';
import { inspectXlsx } from './xlsx-guard';
import { readFirstColumn } from './xlsx-reader';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const fileError = (message: string, errors: string[] = [message]) => unprocessable(message, { file: errors });

/**
 * The import of spec 002 §2.17 (UP-04): the file is checked for size, zip entries, inflated size and rows
 * before exceljs reads it; every address must be valid or nothing is added (the rows are named); repeats count
 * once. Only super admins reach it (the route's gate, AUTHZ-14).
 */
export function createPreApprovedEmailsService({ repo, audit }: { repo: PreApprovedEmailsRepository; audit: AuditService }) {
  return {
    /** Whether the email is on the partner's list (registration skips the brand passcode for it). */
    isPreApproved: (partnerId: number, email: string) => repo.isPreApproved(partnerId, email),

    async importList(actor: Actor, partnerId: number, file: UploadedFile | null): Promise<EmailImportResponse> {
      if (!(await repo.partnerExists(partnerId))) throw notFound(M.partnerNotFound);
      if (!file || file.bytes.length === 0 || !/\.xlsx$/i.test(file.name)) throw fileError(M.fileRequired);
      if (file.bytes.length > L.fileBytes) throw fileError(M.tooLarge);
      const verdict = inspectXlsx(file.bytes, { uncompressedBytes: L.uncompressedBytes, entries: L.entries, rows: L.rows + 1 });
      if (!verdict.ok) {
        throw fileError(verdict.reason === 'too-big' ? M.tooBig : verdict.reason === 'too-many-rows' ? M.tooManyRows : M.notXlsx);
      }
      const cells = await readFirstColumn(file.bytes, L.rows + 1);
      if (cells === null) throw fileError(M.notXlsx);
      if (cells === 'too-many-rows') throw fileError(M.tooManyRows);
      const list = collectEmailRows(cells);
      if (list.invalid.length > 0) throw fileError(M.invalidEmails, list.invalid);
      if (list.emails.length === 0) throw fileError(M.noEmails);
      const added = await repo.addMany(partnerId, list.emails);
      const result = {
        read: list.emails.length + list.duplicates,
        added,
        duplicates: list.duplicates,
        already_listed: list.emails.length - added,
      };
      // Counts only: the addresses themselves stay out of the audit log.
      await audit.record({
        action: 'partner.pre_approved_emails_imported',
        actor_user_id: actor.user.id,
        partner_id: actor.partnerId,
        target_type: 'partner',
        target_id: partnerId,
        details: result,
      });
      return { message: M.uploaded, ...result };
    },
  };
}
export type PreApprovedEmailsService = ReturnType<typeof createPreApprovedEmailsService>;
