import {
  APPROVAL_ROLES,
  type ApproveApplicationRequest,
  approvalPartner,
  RECRUITMENT_MESSAGES as M,
  type PendingUserResponse,
  type RejectApplicationRequest,
} from '@simvisit/schema';
import { conflict, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { RecruitmentRepository } from './recruitment.repository';
import type { RecruitmentAccess } from './recruitment-access';
import type { RecruitmentMessages } from './recruitment-messages';
import { personOf } from './recruitment-view';

export interface RecruitmentDeps {
  repo: RecruitmentRepository;
  access: RecruitmentAccess;
  audit: AuditService;
  messages: RecruitmentMessages;
}

/**
 * Pending recruitment and the decision on an application (spec 001 §2 'Recruitment', §4, §5): the list, the
 * applicant's page, approval (the selected roles with their rates at their partners) and rejection (an internal
 * note, never shown to the applicant).
 */
export function createRecruitmentService({ repo, access, audit, messages }: RecruitmentDeps) {
  async function pendingApplicationOf(actor: Actor, userId: number, attempted: string) {
    const application = await repo.pendingOf(userId, actor.partnerId);
    if (!application) throw notFound(M.applicationNotFound);
    await access.require(actor, {
      partnerId: application.partner_id,
      type: 'application',
      id: application.id,
      attempted,
      notFoundMessage: M.applicationNotFound,
    });
    return application;
  }

  async function decidable(actor: Actor, applicationId: number, attempted: string) {
    const application = await repo.application(applicationId);
    if (!application) throw notFound(M.applicationNotFound);
    await access.require(actor, {
      partnerId: application.partner_id,
      type: 'application',
      id: application.id,
      attempted,
      notFoundMessage: M.applicationNotFound,
    });
    if (application.status !== 'pending') throw conflict(M.applicationClosed);
    return application;
  }

  const record = (actor: Actor, action: string, partnerId: number, id: number, details: Record<string, unknown> = {}) =>
    audit.record({ action, actor_user_id: actor.user.id, partner_id: partnerId, target_type: 'application', target_id: id, details });

  return {
    /** POST api/recruitment/get-pending: the current partner's pending applications. */
    async pending(actor: Actor) {
      if (actor.partnerId === null) return { entries: [] };
      const apps = await repo.pendingAt(actor.partnerId);
      const [roles, people] = await Promise.all([repo.rolesOf(apps.map((a) => a.id)), repo.people(apps.map((a) => a.user_id))]);
      return {
        entries: apps.flatMap((a) => {
          const user = people.find((p) => p.id === a.user_id);
          if (!user) return [];
          return [
            {
              id: a.id,
              created_at: a.created_at.toISOString(),
              user: personOf(user),
              roles: roles.filter((r) => r.application_id === a.id).map((r) => r.name),
            },
          ];
        }),
      };
    },

    /** POST api/recruitment/user/{user_id}: the applicant's page. */
    async pendingUser(actor: Actor, userId: number): Promise<PendingUserResponse> {
      const application = await pendingApplicationOf(actor, userId, 'view');
      const user = (await repo.user(userId))!;
      const [roles, availabilities, timezone, grants, interviews, requests] = await Promise.all([
        repo.rolesOf([application.id]),
        repo.availabilities(userId),
        repo.timezoneTitle(user.timezone_id),
        repo.grants(userId),
        repo.interviewsOf(application.id),
        repo.interviewRequestsOf(application.id),
      ]);
      const open = requests.filter((r) => r.status === 'pending' && !r.is_canceled);
      const interview = interviews.find((i) => !i.is_canceled) ?? null;
      const [dates, trainers] = await Promise.all([
        repo.datesOf(open.map((r) => r.id)),
        repo.people([...open.map((r) => r.trainer_user_id ?? r.user_id), ...(interview ? [interview.trainer_user_id] : [])]),
      ]);
      const trainer = (id: number) => personOf(trainers.find((t) => t.id === id)!);
      return {
        pending_user: {
          id: application.id,
          created_at: application.created_at.toISOString(),
          partner_id: application.partner_id,
          roles_applied: roles.map((r) => r.name),
          user: {
            ...personOf(user),
            mobile_number: user.mobile_number,
            experience: user.experience,
            availabilities,
            timezone: timezone ? { title: timezone } : null,
            resume: user.resume_path !== null,
            headshot: user.headshot_path !== null,
            user_roles: grants,
          },
          interview: interview
            ? {
                id: interview.id,
                trainer: trainer(interview.trainer_user_id),
                local_time: interview.start_at.toISOString(),
                is_complete: interview.is_complete,
              }
            : null,
          interview_requests: open.map((r) => ({
            id: r.id,
            status: r.status,
            trainer: trainer(r.trainer_user_id ?? r.user_id),
            dates: dates.filter((d) => d.request_id === r.id).map((d) => ({ id: d.id, local_time: d.start_at.toISOString() })),
          })),
          rejected_request_id: requests.find((r) => r.status === 'rejected')?.id ?? null,
        },
        roles: APPROVAL_ROLES.map((r) => ({
          key: r.key,
          label: r.label,
          role_id: r.roleId,
          partner_id: approvalPartner(r.key, application.partner_id),
          rate: r.rate,
        })),
      };
    },

    /** The storage key of an applicant's resume or headshot: the applicant, or applicant.view at its partner. */
    async applicantFile(actor: Actor, userId: number, kind: 'resume' | 'headshot') {
      const user = await repo.user(userId);
      if (!user) throw notFound();
      if (actor.user.id !== userId) await pendingApplicationOf(actor, userId, `download_${kind}`);
      const key = kind === 'resume' ? user.resume_path : user.headshot_path;
      if (!key) throw notFound();
      return key;
    },

    async approve(actor: Actor, req: ApproveApplicationRequest) {
      const application = await decidable(actor, req.application_id, 'approve');
      const now = clock.now();
      const grants = [...new Set(req.selected_roles)].map((key) => {
        const role = APPROVAL_ROLES.find((r) => r.key === key)!;
        return {
          key,
          role_id: role.roleId,
          partner_id: approvalPartner(key, application.partner_id),
          pay_rate: role.rate ? (req.role_rates[key] ?? null) : null,
        };
      });
      const decided = await repo.approveApplication(application.id, application.user_id, grants, now);
      if (!decided) throw conflict(M.applicationClosed);
      await record(actor, 'application.approved', application.partner_id, application.id, {
        roles: grants.map((g) => `${g.key}@${g.partner_id}`),
      });
      const applicant = (await repo.user(application.user_id))!;
      const labels = grants.map((g) => APPROVAL_ROLES.find((r) => r.key === g.key)!.label).join(', ');
      await messages.tell(applicant, {
        subject: 'Your application has been approved',
        text: () => `Your application has been approved. You now have the following roles: ${labels}.`,
        path: '/dashboard',
      });
      return { message: M.approved };
    },

    async reject(actor: Actor, req: RejectApplicationRequest) {
      const application = await decidable(actor, req.application_id, 'reject');
      if (!(await repo.rejectApplication(application.id, req.note, clock.now()))) throw conflict(M.applicationClosed);
      // The note stays out of the audit details and every message: it is internal (spec 001 §5).
      await record(actor, 'application.rejected', application.partner_id, application.id);
      const applicant = (await repo.user(application.user_id))!;
      await messages.tell(applicant, {
        subject: 'Your application was not approved',
        text: () => 'Thank you for your interest. After review, your application was not approved at this time.',
        path: '/dashboard',
      });
      return { message: M.rejected };
    },
  };
}
export type RecruitmentService = ReturnType<typeof createRecruitmentService>;
