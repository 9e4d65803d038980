import { defineContract } from '../api-contract';
import { trainingSessionIdParamsSchema } from '../training-practice';
import {
  addTrainingUsersRequestSchema,
  jobNumberResponseSchema,
  removeTrainingUserRequestSchema,
  rescheduleTrainingSessionRequestSchema,
  scheduleOptionsResponseSchema,
  scheduleTrainingSessionRequestSchema,
  scheduleTrainingSessionResponseSchema,
  trainingMessageResponseSchema,
  trainingRecordingResponseSchema,
  trainingSessionIdRequestSchema,
  trainingSessionResponseSchema,
  updateJobNumberRequestSchema,
} from '../training-sessions';
import { completeResponseSchema } from '../visit-detail';
import { eventIdRequestSchema } from '../visit-detail-requests';

/*
 * Training sessions (spec 001 §7 'Training sessions (POST under api/training-session)', 'Joining sessions';
 * docs/decisions/0049). The service decides per session who may: its trainer (or an admin of its partner, a super
 * admin) manages an open session; its participants join and view the recording. 404 for another partner's
 * session, 403 at the same partner (AUTHZ-03). The {id} read is a POST in the spec: it changes nothing.
 */
const tag = 'Training sessions';
const signedIn = { type: 'authenticated' } as const;
const schedulers = { type: 'permission', permission: 'training_session.schedule' } as const;

export const trainingSessionsApi = {
  schedule: defineContract({
    method: 'POST',
    path: '/api/training-session/schedule',
    tag,
    summary: "Schedule a training session at the caller's partner with its participants; the caller is its trainer",
    access: schedulers,
    scope: 'partner',
    body: scheduleTrainingSessionRequestSchema,
    response: scheduleTrainingSessionResponseSchema,
  }),
  scheduleOptions: defineContract({
    method: 'GET',
    path: '/api/training-session/schedule-options',
    tag,
    summary: "The Schedule form's choices: the SPs and observers of the caller's partner and its published scenarios",
    access: schedulers,
    scope: 'partner',
    response: scheduleOptionsResponseSchema,
  }),
  addUsers: defineContract({
    method: 'POST',
    path: '/api/training-session/add-users',
    tag,
    summary: 'The trainer adds participants to an open training session',
    access: signedIn,
    scope: 'object',
    body: addTrainingUsersRequestSchema,
    response: trainingMessageResponseSchema,
  }),
  removeUser: defineContract({
    method: 'POST',
    path: '/api/training-session/remove-user',
    tag,
    summary: 'The trainer removes a participant (by its training user id) from an open training session',
    access: signedIn,
    scope: 'object',
    body: removeTrainingUserRequestSchema,
    response: trainingMessageResponseSchema,
  }),
  cancel: defineContract({
    method: 'POST',
    path: '/api/training-session/cancel',
    tag,
    summary: 'The trainer cancels an open training session',
    access: signedIn,
    scope: 'object',
    body: trainingSessionIdRequestSchema,
    response: trainingMessageResponseSchema,
  }),
  reschedule: defineContract({
    method: 'POST',
    path: '/api/training-session/reschedule',
    tag,
    summary: 'The trainer moves an open training session to another date and time',
    access: signedIn,
    scope: 'object',
    body: rescheduleTrainingSessionRequestSchema,
    response: trainingMessageResponseSchema,
  }),
  recording: defineContract({
    method: 'POST',
    path: '/api/training-session/recording',
    tag,
    summary: 'The recording link of a complete training session (null when none was generated)',
    access: signedIn,
    scope: 'object',
    stateChanging: false,
    body: trainingSessionIdRequestSchema,
    response: trainingRecordingResponseSchema,
  }),
  updateJobNumber: defineContract({
    method: 'POST',
    path: '/api/training-session/:id/update-job-number',
    tag,
    summary: 'The trainer sets, changes or clears (null) the job number of an open training session; kept uppercased',
    access: signedIn,
    scope: 'object',
    params: trainingSessionIdParamsSchema,
    body: updateJobNumberRequestSchema,
    response: jobNumberResponseSchema,
  }),
  complete: defineContract({
    method: 'POST',
    path: '/api/training_session/complete',
    tag: 'Meetings',
    summary: 'The trainer marks the training session complete after its start',
    access: signedIn,
    scope: 'object',
    body: eventIdRequestSchema,
    response: completeResponseSchema,
  }),
  show: defineContract({
    method: 'POST',
    path: '/api/training-session/:id',
    tag,
    summary: 'A training session (its trainer, participants and what the caller may do) and the users available to add',
    access: signedIn,
    scope: 'object',
    stateChanging: false,
    params: trainingSessionIdParamsSchema,
    response: trainingSessionResponseSchema,
  }),
};
