import type { TestServer } from './test-server';

/** Fixtures of the visit jobs and visit messages tests: rows written straight to the database. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function userId(server: TestServer, email: string): Promise<number> {
  return (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export async function scenarioId(server: TestServer, title: string): Promise<string> {
  return (await server.db.selectFrom('scenarios').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}

/** Gives a person SMS with a number verified at `verifiedAt` (or turns it off). */
export async function setSms(server: TestServer, id: number, mobile: string | null, verifiedAt: Date | null, enabled = true) {
  await server.db
    .updateTable('users')
    .set({ mobile_number: mobile, mobile_verified_at: verifiedAt, enable_sms_notifications: enabled })
    .where('id', '=', id)
    .execute();
}

export interface VisitFixture {
  scenario: string;
  learner: number;
  sp: number;
  start: Date;
  minutes?: number;
  confirmed?: boolean;
  requestId?: number | null;
}

export async function insertVisit(server: TestServer, v: VisitFixture): Promise<number> {
  const row = await server.db
    .insertInto('visits')
    .values({
      scenario_id: v.scenario,
      partner_id: 1,
      learner_user_id: v.learner,
      sp_user_id: v.sp,
      start_at: v.start,
      end_at: new Date(v.start.getTime() + (v.minutes ?? 30) * 60_000),
      is_confirmed: v.confirmed ?? false,
      confirmed_at: v.confirmed ? new Date(v.start.getTime() - 2 * DAY) : null,
      request_id: v.requestId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertRequest(
  server: TestServer,
  r: { scenario: string; learner: number; dates: Date[]; timezone?: string },
): Promise<number> {
  const row = await server.db
    .insertInto('requests')
    .values({
      request_type_id: 1,
      user_id: r.learner,
      partner_id: 1,
      scenario_id: r.scenario,
      status: 'pending',
      timezone: r.timezone ?? 'America/New_York',
      duration_minutes: 30,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('request_dates')
    .values(r.dates.map((start_at) => ({ request_id: row.id, start_at })))
    .execute();
  return row.id;
}

/** Records a visit event the way the visit services do: in a transaction of its own. */
export async function recordEvent(server: TestServer, event: Parameters<TestServer['services']['visitEvents']['record']>[1]) {
  await server.db.transaction().execute((trx) => server.services.visitEvents.record(trx, event));
}

export async function eventsOf(server: TestServer, visitId: number, type?: string) {
  let q = server.db.selectFrom('visit_events').selectAll().where('visit_id', '=', visitId).orderBy('id');
  if (type) q = q.where('type', '=', type);
  return q.execute();
}

export interface StoredAttachment {
  filename: string;
  content_type: string;
  content: string;
}

/** The outbox rows sent to one address, oldest first, with their attachments. */
export async function outboxTo(server: TestServer, recipient: string, channel: 'mail' | 'sms' = 'mail') {
  const rows = await server.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .where('channel', '=', channel)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, attachments: (r.attachments ?? []) as StoredAttachment[] }));
}

/** The unfolded lines of an iCalendar text (RFC 5545 folds long lines with CRLF + space or tab). */
export function icsLines(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
}

/** One property of the first (or n-th) VEVENT, e.g. 'UID', 'SEQUENCE', 'DTSTART'. */
export function icsProp(text: string, name: string, event = 0): string | undefined {
  const lines = icsLines(text);
  if (name === 'METHOD') return lines.find((l) => l.startsWith('METHOD:'))?.slice(7);
  const starts = lines.map((l, i) => (l === 'BEGIN:VEVENT' ? i : -1)).filter((i) => i >= 0);
  const from = starts[event];
  if (from === undefined) return undefined;
  for (let i = from; i < lines.length && lines[i] !== 'END:VEVENT'; i++) {
    const line = lines[i]!;
    const m = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(line);
    if (m && m[1] === name) return m[2];
  }
  return undefined;
}

export function icsDate(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** Whether a text links to the visit (and not to another whose id starts with the same digits). */
export function mentionsVisit(text: string, id: number): boolean {
  return new RegExp(`/visit/${id}(?!\\d)`).test(text);
}
