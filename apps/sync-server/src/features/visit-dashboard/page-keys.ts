import { PAGE_CURSOR_END, type PageCursors, type VisitListSection } from '@simvisit/schema';
import { z } from 'zod';

/**
 * Paging by key (decision 0092). A list is ordered by a key (a visit's start and id; a request's first proposed
 * date and id) and a page is read from an index at a key, not by counting rows from the top: page 50,000 of a
 * million visits costs what page 2 costs, and rows added between two calls neither repeat nor drop out of the next
 * page. The spec's `page_start` still says which page (a position); a cursor from an earlier answer anchors it.
 *
 * An anchor is a row the caller has seen with the position it had then: the next page is the rows after the last
 * row shown, the previous page the rows before the first. A page two away reads past one page of rows from the
 * anchor (a bounded skip); `end` anchors at the end of the list (the pager's last page). Without a cursor, or with
 * one of another list, the page is counted from the top as the spec's page_start always was.
 */

/** A row's place in its list: `at` is the ordering timestamp in UTC to the microsecond ('infinity' for none). */
export interface PageKey {
  at: string;
  id: number;
}

export type PageAnchor = { kind: 'key'; key: PageKey; index: number } | { kind: 'end' };

/** The key's timestamp as the repositories print it (`keyAt`), microseconds kept: a Date would round them off. */
const KEY_AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z|infinity)$/;

const tokenSchema = z.object({
  s: z.enum(['requests', 'scheduled', 'completed', 'canceled']),
  t: z.string().min(1).max(64),
  id: z.number().int().min(0),
  i: z.number().int().min(0),
});

/** The opaque cursor of a row of a section at a position. */
export function encodeCursor(section: VisitListSection, key: PageKey, index: number): string {
  return Buffer.from(JSON.stringify({ s: section, t: key.at, id: key.id, i: index })).toString('base64url');
}

/** The anchor a cursor names for this section; null (page from the top) for none, a foreign or a garbled one. */
export function anchorOf(cursor: string | null | undefined, section: VisitListSection): PageAnchor | null {
  if (!cursor) return null;
  if (cursor === PAGE_CURSOR_END) return { kind: 'end' };
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.s !== section) return null;
    // The timestamp goes back to the database as a parameter cast to timestamptz: refuse anything else.
    if (!KEY_AT.test(parsed.data.t)) return null;
    return { kind: 'key', key: { at: parsed.data.t, id: parsed.data.id }, index: parsed.data.i };
  } catch {
    return null;
  }
}

/**
 * How to read a page: from the top (`offset`), after or before a key (`skip` rows, then `take`), or back from the
 * end. `reverse`: read against the list's order and turn the rows round.
 */
export type PagePlan =
  | { kind: 'top'; offset: number; take: number }
  | { kind: 'after'; key: PageKey; inclusive: boolean; skip: number; take: number }
  | { kind: 'before'; key: PageKey; skip: number; take: number }
  | { kind: 'end'; skip: number; take: number };

/** The plan of the page at `start` (page_start) of `size` rows; `total` is needed for an `end` anchor only. */
export function planPage(start: number, size: number, anchor: PageAnchor | null, total: number | null): PagePlan {
  if (anchor === null) return { kind: 'top', offset: start, take: size };
  if (anchor.kind === 'end') {
    const stop = Math.min(start + size, total ?? 0);
    return { kind: 'end', skip: Math.max(0, (total ?? 0) - stop), take: Math.max(0, stop - start) };
  }
  if (start >= anchor.index) {
    // The anchor row itself is at `index`: a page starting there includes it; later pages skip past it.
    return { kind: 'after', key: anchor.key, inclusive: true, skip: start - anchor.index, take: size };
  }
  const before = anchor.index - start;
  return { kind: 'before', key: anchor.key, skip: Math.max(0, before - size), take: Math.min(size, before) };
}

/** The cursors of a page read at `start`: its first and last rows with their positions. */
export function cursorsOf(section: VisitListSection, keys: readonly PageKey[], start: number): PageCursors | null {
  if (!keys.length) return null;
  return {
    first: encodeCursor(section, keys[0]!, start),
    last: encodeCursor(section, keys[keys.length - 1]!, start + keys.length - 1),
  };
}
