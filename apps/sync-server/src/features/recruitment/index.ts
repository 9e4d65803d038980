import { defineModule } from '../../module';
import { createMeetingProvider } from '../../platform/meetings';
import { createInterviewRequests, type InterviewRequests } from './interview-requests';
import { createInterviews, type Interviews } from './interviews.service';
import { createRecruitmentRepository } from './recruitment.repository';
import { recruitmentRoutes } from './recruitment.routes';
import { createRecruitmentService, type RecruitmentService } from './recruitment.service';
import { createRecruitmentAccess } from './recruitment-access';
import { createRecruitmentMessages } from './recruitment-messages';

/** The public entry of features/recruitment: other modules import only what is exported here. */
export { recruitmentRoutes } from './recruitment.routes';
export type { InterviewRequests, Interviews, RecruitmentService };

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    recruitment: RecruitmentService;
    interviewRequests: InterviewRequests;
    /** interviews as sessions: api/meeting/join/interview dispatches here (platform/meetings) */
    interviews: Interviews;
  }
}

/** Pending recruitment, the decision on applications, interview requests and interviews (decision 0048). */
export const recruitmentModule = defineModule({
  name: 'recruitment',
  services: ({ db, config, services: { audit, mail, notifications, objectAccess } }) => {
    const repo = createRecruitmentRepository(db);
    const deps = {
      repo,
      access: createRecruitmentAccess(objectAccess),
      audit,
      messages: createRecruitmentMessages({ timeZoneOf: repo.timeZoneOf, mail, notifications, config }),
    };
    return {
      recruitment: createRecruitmentService(deps),
      interviewRequests: createInterviewRequests(deps),
      interviews: createInterviews({ ...deps, meetings: createMeetingProvider(config) }),
    };
  },
  routes: recruitmentRoutes,
  jobs: [{ name: 'interviewRequestsExpired', cadence: 'rules', run: (services, now) => services.interviewRequests.expireDue(now) }],
});
