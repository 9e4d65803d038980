import { randomBytes } from 'node:crypto';
import { meetingLinkFrom } from '@simvisit/schema';

/**
 * The meeting-provider interface of DESIGN.md §7: it creates the join link of a session and fetches its recording.
 * A Zoom API adapter plugs in here for production; without one the pattern provider below issues links to a
 * self-hosted meeting service (Jitsi Meet by default) from a configured URL pattern
 * (docs/decisions/0028-visit-page-and-joining.md).
 */
export type MeetingEventType = 'visit' | 'interview' | 'training';

export interface MeetingEvent {
  type: MeetingEventType;
  id: number;
  /** the provider's meeting id stored with the event; null before the first join */
  meetingId: string | null;
  startAt: Date;
  endAt: Date;
  /** the recording link stored with the event (a webhook or an admin put it there), if any */
  recordingUrl: string | null;
}

export interface JoinLink {
  link: string;
  /** the meeting id to store with the event (the same one every time once stored) */
  meetingId: string;
}

export interface MeetingProvider {
  readonly name: string;
  createJoinLink(event: MeetingEvent): Promise<JoinLink>;
  /** The recording's link, or null when there is none (shown as 'Link not generated'). */
  fetchRecording(event: MeetingEvent): Promise<string | null>;
}

/** The default link pattern: a Jitsi Meet room (the public service, or a self-hosted one by configuration). */
export const DEFAULT_MEETING_URL_PATTERN = 'https://meet.jit.si/SimVisit-{meeting_id}';

/** A new meeting id: 128 random bits, so nobody can guess a room of an open meeting service. */
export function newMeetingId(): string {
  return randomBytes(16).toString('hex');
}

function checkPattern(pattern: string, key: string): string {
  const url = new URL(pattern.split('{meeting_id}').join('x'));
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${key} must be an http(s) URL.`);
  if (!pattern.includes('{meeting_id}')) throw new Error(`${key} must contain {meeting_id}.`);
  return pattern;
}

/**
 * Links from a URL pattern with {meeting_id}. Recordings: the link stored with the event, else the recording
 * pattern's link when one is configured (a self-hosted recorder publishing by meeting id), else none.
 */
export function createPatternMeetingProvider(options: { urlPattern: string; recordingPattern: string | null }): MeetingProvider {
  const urlPattern = checkPattern(options.urlPattern, 'MEETING_URL_PATTERN');
  const recordingPattern = options.recordingPattern ? checkPattern(options.recordingPattern, 'MEETING_RECORDING_URL_PATTERN') : null;
  return {
    name: 'pattern',
    async createJoinLink(event) {
      const meetingId = event.meetingId ?? newMeetingId();
      return { meetingId, link: meetingLinkFrom(urlPattern, meetingId) };
    },
    async fetchRecording(event) {
      if (event.recordingUrl) return event.recordingUrl;
      if (recordingPattern && event.meetingId) return meetingLinkFrom(recordingPattern, event.meetingId);
      return null;
    },
  };
}

/** The configured provider. */
export function createMeetingProvider(config: { meetingUrlPattern: string; meetingRecordingUrlPattern: string | null }): MeetingProvider {
  return createPatternMeetingProvider({ urlPattern: config.meetingUrlPattern, recordingPattern: config.meetingRecordingUrlPattern });
}
