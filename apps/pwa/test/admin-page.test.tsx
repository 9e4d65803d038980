import { AdminPage, Button, DataTable, defineColumns, Modal, useAdminDialogs } from '@simvisit/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

interface Post {
  id: number;
  title: string;
}

const columns = defineColumns<Post>([{ id: 'title', header: 'Title', value: (p) => p.title }]);

/** A page as the admin screens are built: a toolbar, the list, an edit modal and a confirmation. */
function PostsPage({ remove }: { remove: (post: Post) => Promise<void> }) {
  const [posts, setPosts] = useState<Post[]>([
    { id: 1, title: 'Spring cases' },
    { id: 2, title: 'Summer school' },
  ]);
  const dialogs = useAdminDialogs<Post>();
  const [busy, setBusy] = useState(false);
  const { editing, confirming } = dialogs;
  return (
    <AdminPage
      title="Posts"
      actions={<Button onClick={dialogs.create}>Create Post</Button>}
      filters={<label htmlFor="search">Search</label>}
      editor={
        editing ? (
          <Modal open onOpenChange={dialogs.closeEditor} title={editing === 'new' ? 'Create Post' : `Edit ${editing.title}`} />
        ) : null
      }
      confirmation={
        confirming
          ? {
              title: 'Delete Post',
              description: `Delete “${confirming.title}”? This cannot be undone.`,
              confirmLabel: 'Delete',
              tone: 'danger',
              busy,
              onCancel: dialogs.closeConfirmation,
              onConfirm: async () => {
                setBusy(true);
                await remove(confirming);
                setPosts((list) => list.filter((p) => p.id !== confirming.id));
                setBusy(false);
                dialogs.closeConfirmation();
              },
            }
          : null
      }
    >
      <DataTable
        caption="Posts"
        columns={columns}
        rows={posts}
        getRowId={(p) => p.id}
        loadingLabel="Loading posts"
        empty="No posts"
        rowActions={(p) => (
          <>
            <Button size="sm" onClick={() => dialogs.edit(p)} aria-label={`Edit ${p.title}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={() => dialogs.confirm(p)} aria-label={`Delete ${p.title}`}>
              Delete
            </Button>
          </>
        )}
      />
    </AdminPage>
  );
}

describe('AdminPage', () => {
  it('heads the page, holds the toolbar and filters, and opens the edit modal slot for a new or an existing row', async () => {
    const user = userEvent.setup();
    render(<PostsPage remove={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeTruthy();
    expect(screen.getByText('Search')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Summer school' }));
    expect(screen.getByRole('dialog', { name: 'Edit Summer school' })).toBeTruthy();
  });

  it('asks before deleting: Cancel has the focus and keeps the row, Delete removes it', async () => {
    const user = userEvent.setup();
    const remove = vi.fn().mockResolvedValue(undefined);
    render(<PostsPage remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Delete Spring cases' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Post' });
    expect(dialog.textContent).toContain('Delete “Spring cases”? This cannot be undone.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole('cell', { name: 'Spring cases' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Spring cases' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith({ id: 1, title: 'Spring cases' });
    expect(screen.queryByRole('cell', { name: 'Spring cases' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Summer school' })).toBeTruthy();
  });
});
