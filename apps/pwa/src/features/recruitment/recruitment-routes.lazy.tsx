import { parseId } from '@simvisit/schema';
import { createLazyRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { ErrorPage } from '../../platform/errors';
import { ApplicantPage } from './ApplicantPage';
import { InterviewPage } from './InterviewPage';
import { PendingListPage } from './PendingListPage';

export const recruitmentListLazyRoute = createLazyRoute('/signed-in/recruitment')({ component: PendingListPage });

export const recruitmentUserLazyRoute = createLazyRoute('/signed-in/recruitment/user/$user_id')({ component: RecruitmentUserRoute });

export const interviewLazyRoute = createLazyRoute('/signed-in/interview/$interview_id')({ component: InterviewRouteComponent });

function RecruitmentUserRoute(): ReactElement {
  const id = parseId(recruitmentUserLazyRoute.useParams().user_id);
  if (id === null) return <ErrorPage code="404" />;
  return <ApplicantPage key={id} userId={id} />;
}

function InterviewRouteComponent(): ReactElement {
  const id = parseId(interviewLazyRoute.useParams().interview_id);
  if (id === null) return <ErrorPage code="404" />;
  return <InterviewPage key={id} interviewId={id} />;
}
