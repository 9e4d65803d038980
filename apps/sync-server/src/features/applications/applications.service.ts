import {
  type ApplicationsResponse,
  applicationStatus,
  appliedRoleLabels,
  contractUrl,
  quoteStatus,
  recruitmentApi,
  WEEKDAYS,
} from '@simvisit/schema';
import type { UsersService } from '../users';
import type { ApplicationsRepository } from './applications.repository';

const dayIndex = (day: string) => (WEEKDAYS as readonly string[]).indexOf(day);

/** The applicant dashboard (spec 000 §2.10): the caller's own role applications and quote requests. */
export function createApplicationsService(repo: ApplicationsRepository, users: UsersService) {
  return {
    async forUser(userId: number): Promise<ApplicationsResponse> {
      const apps = await repo.ofUser(userId);
      const ids = apps.map((a) => a.id);
      const [roles, requests, interviews, grants] = await Promise.all([
        repo.rolesOf(ids),
        repo.openInterviewRequests(ids),
        repo.interviews(ids),
        users.grants(userId),
      ]);
      const applications = apps.map((a) => {
        const interview = interviews.find((i) => i.application_id === a.id);
        const appRequests = requests.filter((r) => r.application_id === a.id).map((r) => ({ id: r.id }));
        const shape = {
          interview: interview ? { id: interview.id, is_complete: interview.is_complete } : null,
          interview_requests: interview ? [] : appRequests,
        };
        return {
          id: a.id,
          created_at: a.created_at.toISOString(),
          status: applicationStatus(shape),
          roles: appliedRoleLabels(
            roles.filter((r) => r.application_id === a.id),
            grants.filter((g) => !g.is_approved),
          ),
          ...shape,
          user: {
            user_roles: grants
              .filter((g) => g.partner_id === a.partner_id)
              .map((g) => ({ role_id: g.role_id, is_approved: g.is_approved, role: g.role })),
          },
        };
      });
      const alerts = applications.flatMap((a) =>
        a.interview_requests.map((r) => ({
          message: 'You have been invited to interview. Please choose one of the proposed times.',
          link_text: 'Respond',
          route: { name: 'request', params: { request_id: String(r.id) } },
        })),
      );
      const own = await repo.applicantOf(userId);
      // The applicant's own files through recruitment's download route, which lets the applicant read them.
      const fileUrl = (kind: 'resume' | 'headshot', path: string | null | undefined) =>
        path ? contractUrl(recruitmentApi.applicantFile, { user_id: userId, kind }) : null;
      const applicant = {
        experience: own.user?.experience ?? null,
        timezone: own.user?.timezone ?? null,
        availabilities: own.availabilities
          .map((a) => ({ day: a.day, start_time: a.start_time, end_time: a.end_time }))
          .sort((a, b) => dayIndex(a.day) - dayIndex(b.day) || a.start_time.localeCompare(b.start_time)),
        resume_url: fileUrl('resume', own.user?.resume_path),
        headshot_url: fileUrl('headshot', own.user?.headshot_path),
      };
      const quoteRequests = await repo.quoteRequestsOf(userId);
      const quotes = await repo.quotesFor(quoteRequests.map((q) => q.id));
      return {
        applications,
        applicant,
        alerts,
        quote_requests: quoteRequests.map((r) => {
          const quote = quotes.find((q) => q.quote_request_id === r.id);
          const decided = quote !== undefined && (quote.is_approved || quote.is_rejected);
          return {
            id: r.id,
            created_at: r.created_at.toISOString(),
            title: r.title,
            status: quoteStatus(quote),
            // the agreement page shows an approved quote, or the rejected notice (decision 0073)
            agreement_id: decided ? quote.id : null,
          };
        }),
        confirmation_pending: apps.some((a) => a.status === 'unconfirmed'),
        quotes: quotes.map((q) => ({
          id: q.id,
          quote_request_id: q.quote_request_id,
          is_approved: q.is_approved,
          is_rejected: q.is_rejected,
          is_agreement_signed: q.is_agreement_signed,
          is_payment_made: q.is_payment_made,
          status: quoteStatus(q),
        })),
      };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
