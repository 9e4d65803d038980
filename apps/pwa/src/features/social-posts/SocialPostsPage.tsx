import { SOCIAL_MESSAGES as M, type SocialPost } from '@simvisit/schema';
import { Alert, Button, Card, Modal, Spinner } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ErrorPage } from '../../platform/errors';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { useSignedInSession } from '../../platform/session';
import { SocialPostModal } from './SocialPostModal';
import { socialPostKeys, useDeleteSocialPost, useSocialPosts } from './social-posts-api';

const formatDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

/** Social Media Posts (spec 002 §2.10): a table with title and date, create, edit and delete modals; super admins. */
export function SocialPostsPage() {
  useDocumentTitle('Social Media Posts');
  const session = useSignedInSession();
  if (session.user.super_admin !== 1) return <ErrorPage code="403" />;
  return <SocialPosts />;
}

function SocialPosts() {
  const posts = useSocialPosts();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SocialPost | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SocialPost | null>(null);
  const remove = useDeleteSocialPost();
  const today = new Date().toLocaleDateString('en-CA');

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setDeleting(null);
      },
      onError: notifyAdminCallFailure,
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Social Media Posts</h1>
        <Button onClick={() => setEditing('new')}>Create Post</Button>
      </div>
      {posts.isPending ? (
        <Spinner label="Loading social media posts" />
      ) : posts.isError ? (
        <Alert tone="danger" role="alert" title={M.loadError}>
          {errorMessage(posts.error)}
        </Alert>
      ) : posts.data.social_posts.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{M.empty}</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Title
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {posts.data.social_posts.map((post) => (
                <tr key={post.id}>
                  <td className="px-4 py-3 text-slate-900">{post.title}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(post.published_on)}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(post)} aria-label={`Edit ${post.title}`}>
                      Edit
                    </Button>{' '}
                    <Button size="sm" variant="danger" onClick={() => setDeleting(post)} aria-label={`Delete ${post.title}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing ? (
        <SocialPostModal
          key={editing === 'new' ? 'new' : editing.id}
          post={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: socialPostKeys.list })}
        />
      ) : null}
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Delete Social Media Post"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">Delete “{deleting?.title}”? This cannot be undone.</p>
      </Modal>
    </div>
  );
}
