import { COMMENT_MAX, commentFieldLabel, commentRequestSchema, formatDateTime } from '@simvisit/schema';
import { Button, cn, MessageIcon } from '@simvisit/ui';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import type { ScenarioComment, WriteMode } from './scenario-view';

/**
 * Comments per field (spec 001 §2): a bubble on each field opens the comment panel of that field. The panel
 * appears after a scroll of 380 px (it then floats beside the fields), hides for 500 ms after a field
 * change, and the bubble's layout differs above and below a 1200 px window. Text is shown as text, never
 * as HTML.
 */

export const COMMENT_PANEL_SCROLL_PX = 380;
export const COMMENT_PANEL_HIDE_MS = 500;
export const WIDE_LAYOUT_PX = 1200;

export interface CommentsApi {
  comments: readonly ScenarioComment[];
  mode: WriteMode;
  online: boolean;
  showBubbles: boolean;
  selected: string | null;
  select(field: string | null): void;
  add(field: string, content: string): Promise<void>;
  wide: boolean;
  scrolled: boolean;
  /** hidden for a moment after a field change */
  pausedAfterChange: boolean;
}

const CommentsContext = createContext<CommentsApi | null>(null);
export const CommentsScope = CommentsContext.Provider;

function useComments(): CommentsApi | null {
  return useContext(CommentsContext);
}

/** Window width (wide above 1200 px) and whether the page is scrolled past 380 px. */
export function useCommentLayout() {
  const [wide, setWide] = useState(() => window.innerWidth >= WIDE_LAYOUT_PX);
  const [scrolled, setScrolled] = useState(() => window.scrollY > COMMENT_PANEL_SCROLL_PX);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth >= WIDE_LAYOUT_PX);
    const onScroll = () => setScrolled(window.scrollY > COMMENT_PANEL_SCROLL_PX);
    window.addEventListener('resize', onResize);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return { wide, scrolled };
}

/** True for 500 ms after each `pause()` call (a field change). */
export function usePauseAfterChange() {
  const [paused, setPaused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const pause = () => {
    setPaused(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPaused(false), COMMENT_PANEL_HIDE_MS);
  };
  return { paused, pause };
}

/** The bubble of one field: the count of its comments; opens the field's comment panel. */
export function CommentBubble({ field }: { field: string }) {
  const api = useComments();
  if (!api?.showBubbles) return null;
  const count = api.comments.filter((c) => c.field === field).length;
  const label = commentFieldLabel(field);
  const open = api.selected === field;
  return (
    <button
      type="button"
      onClick={() => api.select(open ? null : field)}
      aria-label={`Comments on ${label}`}
      aria-expanded={open}
      data-testid={`comment-bubble-${field}`}
      data-layout={api.wide ? 'wide' : 'narrow'}
      className={cn(
        'inline-flex items-center gap-1 rounded-full text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
        api.wide
          ? // Beside the field, in the margin to its right.
            'absolute top-0 -right-14 h-8 min-w-10 justify-center border px-2 shadow-sm'
          : 'h-6 px-1.5',
        open
          ? 'border-brand-600 bg-brand-600 text-white'
          : count
            ? 'border-brand-200 bg-brand-50 text-brand-800'
            : 'border-slate-200 bg-white text-slate-500 hover:text-slate-800',
      )}
    >
      <MessageIcon className="size-4" />
      <span>{count}</span>
    </button>
  );
}

function Avatar({ name, image }: { name: string; image: string | null }) {
  const [failed, setFailed] = useState(false);
  const src = image && ((image.startsWith('/') && !image.startsWith('//')) || /^https?:\/\//i.test(image)) ? image : null;
  if (src && !failed)
    return <img src={src} alt="" className="size-8 shrink-0 rounded-full bg-slate-100 object-cover" onError={() => setFailed(true)} />;
  const initials = name
    .trim()
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .filter(Boolean);
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
    >
      {((initials[0] ?? '') + (initials.length > 1 ? (initials[initials.length - 1] ?? '') : '')).toUpperCase() || '?'}
    </span>
  );
}

/** Comments as a list: the writer's picture and name, when, and the text (React escapes it). */
export function CommentList({ comments, showField = false }: { comments: readonly ScenarioComment[]; showField?: boolean }) {
  if (comments.length === 0) return <p className="text-sm text-slate-500">No comments yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Comments">
      {comments.map((c) => (
        <li key={c.id} className="flex gap-2" data-testid="scenario-comment">
          <Avatar name={c.user.name} image={c.user.image} />
          <div className="min-w-0 flex-1">
            <p className="text-xs text-slate-500">
              <span className="font-semibold text-slate-800">{c.user.name}</span>{' '}
              <time dateTime={c.created_at}>{formatDateTime(new Date(c.created_at))}</time>
              {c.local ? <span className="ml-1 text-amber-700">(not synced yet)</span> : null}
            </p>
            {showField ? <p className="text-xs font-medium text-brand-700">{commentFieldLabel(c.field)}</p> : null}
            <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">{c.content}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function CommentForm({ field, api }: { field: string; api: CommentsApi }) {
  const id = useId();
  // The shared comment rule checks the text; the comment goes to the server or the local store (api.add), and
  // a refusal of either (a 422, a LocalValidationError) shows under the text.
  const { form, onSubmit, submitting, error, failure } = useApiForm({
    schema: commentRequestSchema,
    defaultValues: { content: '' },
    input: (values) => ({ ...values, field }),
    submit: async ({ content }, commentForm) => {
      await api.add(field, content);
      commentForm.reset({ content: '' });
    },
  });
  const content = form.watch('content');
  if (api.mode === 'readonly') return null;
  const offlineBlocked = api.mode === 'online' && !api.online;
  const shown = error('content') ?? failure;
  return (
    <form className="space-y-2" onSubmit={onSubmit}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Add a comment
      </label>
      <textarea
        id={id}
        rows={3}
        {...form.register('content')}
        maxLength={COMMENT_MAX}
        aria-invalid={shown ? true : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {shown ? <p className="text-sm text-red-700">{shown}</p> : null}
      {offlineBlocked ? <p className="text-xs text-amber-800">Comments on this scenario need a connection.</p> : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={submitting || offlineBlocked || content.trim() === ''}>
          Add Comment
        </Button>
      </div>
    </form>
  );
}

/**
 * The comment panel of the selected field. In the wide layout it sits in the side column and, once the page
 * is scrolled past 380 px, floats at the top right so it stays beside the field; in the narrow layout it
 * opens under the field itself.
 */
export function CommentPanel({ placement }: { placement: 'column' | 'inline' }): ReactNode {
  const api = useComments();
  if (!api?.showBubbles || !api.selected || api.pausedAfterChange) return null;
  if ((placement === 'column') !== api.wide) return null;
  const field = api.selected;
  const label = commentFieldLabel(field);
  const floating = placement === 'column' && api.scrolled;
  return (
    <section
      aria-label={`Comments on ${label}`}
      data-testid="comment-panel"
      data-floating={floating ? 'true' : 'false'}
      className={cn(
        'space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
        floating && 'fixed top-4 right-4 z-30 max-h-[calc(100vh-2rem)] w-[22rem] overflow-y-auto shadow-lg',
        placement === 'inline' && 'mt-2',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">Comments on {label}</h2>
        <button
          type="button"
          onClick={() => api.select(null)}
          className="rounded px-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          Close
        </button>
      </div>
      <CommentList comments={api.comments.filter((c) => c.field === field)} />
      <CommentForm key={field} field={field} api={api} />
    </section>
  );
}

/** The narrow layout opens the panel under the field whose bubble was pressed. */
export function InlineCommentPanel({ field }: { field: string }) {
  const api = useComments();
  if (!api || api.wide || api.selected !== field) return null;
  return <CommentPanel placement="inline" />;
}
