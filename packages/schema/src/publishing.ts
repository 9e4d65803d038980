import { addDays } from './zoned-time';

/** What articles and social posts share (spec 002 §5, §9): how far back a publish date may go, the image limit. */
export const PUBLISH_DATE_DAYS_BACK = 30;
/** The one refusal of a publish date too far back, for articles and posts alike. */
export const PUBLISH_DATE_TOO_EARLY = `The publish date can be no earlier than ${PUBLISH_DATE_DAYS_BACK} days ago.`;
export const PUBLISHED_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The earliest publish date allowed on `today` ('YYYY-MM-DD'). */
export function earliestPublishDate(today: string): string {
  return addDays(today, -PUBLISH_DATE_DAYS_BACK);
}
