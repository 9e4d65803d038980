import { type ReactNode, useState } from 'react';
import { Card } from './Card';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

export interface AdminPageProps {
  /** The page's heading (h1). */
  title: string;
  /** Buttons beside the heading (Create …, Reset Filters). */
  actions?: ReactNode;
  /** Search and filter controls, in a card above the list. */
  filters?: ReactNode;
  /** The list: a `DataTable`, and whatever the page shows with it. */
  children: ReactNode;
  /** The slot of the create/edit modal, rendered while the page has one open. */
  editor?: ReactNode;
  /** The yes/no question before a change that cannot be undone (a deletion), while one is asked. */
  confirmation?: ConfirmDialogProps | null;
}

/**
 * The frame of an administration list (institutions, posts, articles, passwords…): heading and toolbar, the
 * filters, the list, and the slots of its edit modal and confirmation dialog, so every such page reads and
 * behaves the same.
 */
export function AdminPage({ title, actions, filters, children, editor, confirmation }: AdminPageProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {filters ? <Card className="p-4 sm:p-5">{filters}</Card> : null}
      {children}
      {editor ?? null}
      {confirmation ? <ConfirmDialog {...confirmation} /> : null}
    </div>
  );
}

/**
 * Which row an admin list has open: in its edit modal (`'new'` for a creation) or in the confirmation before
 * deleting it. One at a time of each; closing forgets the row.
 */
export function useAdminDialogs<Row>() {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Row | null>(null);
  return {
    editing,
    create: () => setEditing('new'),
    edit: (row: Row) => setEditing(row),
    closeEditor: () => setEditing(null),
    confirming,
    confirm: (row: Row) => setConfirming(row),
    closeConfirmation: () => setConfirming(null),
  };
}
