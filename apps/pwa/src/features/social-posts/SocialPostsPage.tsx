import { SOCIAL_MESSAGES as M, type SocialPost } from '@simvisit/schema';
import { AdminPage, Button, DataTable, defineColumns, deletionConfirmation, EditDeleteActions, useAdminDialogs } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { tableRows } from '../../lib/table-rows';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminCallOutcome } from '../../platform/notices';
import { SocialPostModal } from './SocialPostModal';
import { socialPostKeys, useDeleteSocialPost, useSocialPosts } from './social-posts-api';

const formatDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

const columns = defineColumns<SocialPost>([
  { id: 'title', header: 'Title', value: (p) => p.title, sortable: true, className: 'text-slate-900' },
  // The ISO date sorts and exports; the cell reads MM/DD/YYYY.
  { id: 'published_on', header: 'Date', value: (p) => p.published_on, cell: (p) => formatDate(p.published_on), sortable: true },
]);

/** Social Media Posts (spec 002 §2.10): a table with title and date, create, edit and delete modals; super admins (the route's guard). */
export function SocialPostsPage() {
  useDocumentTitle('Social Media Posts');
  const posts = useSocialPosts();
  const queryClient = useQueryClient();
  const dialogs = useAdminDialogs<SocialPost>();
  const remove = useDeleteSocialPost();
  const today = new Date().toLocaleDateString('en-CA');
  const { editing, confirming } = dialogs;

  return (
    <AdminPage
      title="Social Media Posts"
      actions={<Button onClick={dialogs.create}>Create Post</Button>}
      editor={
        editing ? (
          <SocialPostModal
            key={editing === 'new' ? 'new' : editing.id}
            post={editing === 'new' ? null : editing}
            today={today}
            onClose={dialogs.closeEditor}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: socialPostKeys.list })}
          />
        ) : null
      }
      confirmation={
        confirming &&
        deletionConfirmation('Social Media Post', confirming.title, {
          busy: remove.isPending,
          onCancel: dialogs.closeConfirmation,
          onConfirm: () => remove.mutate(confirming.id, adminCallOutcome(dialogs.closeConfirmation)),
        })
      }
    >
      <DataTable
        caption="Social media posts"
        columns={columns}
        {...tableRows(posts, (data) => data.social_posts, M.loadError)}
        getRowId={(p) => p.id}
        loadingLabel="Loading social media posts"
        empty={M.empty}
        rowActions={(post) => (
          <EditDeleteActions name={post.title} onEdit={() => dialogs.edit(post)} onDelete={() => dialogs.confirm(post)} />
        )}
      />
    </AdminPage>
  );
}
