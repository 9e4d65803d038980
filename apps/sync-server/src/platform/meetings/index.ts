import { defineModule } from '../../module';
import { meetingsRoutes } from './meetings.routes';

/** The public entry of platform/meetings: other modules import only what is exported here. */
export { createMeetingProvider, type MeetingEventType, type MeetingProvider } from './meeting-provider';
export { meetingsRoutes } from './meetings.routes';

export const meetingsModule = defineModule({ name: 'meetings', routes: meetingsRoutes });
