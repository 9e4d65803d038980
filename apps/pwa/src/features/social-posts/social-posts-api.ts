import { type SocialPostFields, socialPostsApi } from '@simvisit/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiUploadCall } from '../../lib/api';

/** Social media post calls of spec 002 §7 as React Query hooks. */
export const socialPostKeys = { list: ['social-posts'] as const };

/** GET api/social */
export function useSocialPosts() {
  return useQuery({ queryKey: socialPostKeys.list, queryFn: () => apiCall(socialPostsApi.list) });
}

/** The multipart body of save and update: the fields, the id for an update, and the image when one was chosen. */
export function socialPostForm(fields: SocialPostFields, file: File | null, id?: number): FormData {
  const form = new FormData();
  if (id !== undefined) form.set('id', String(id));
  form.set('title', fields.title);
  form.set('description', fields.description);
  form.set('published_on', fields.published_on);
  if (file) form.set('file', file, file.name);
  return form;
}

/** POST api/social/save or api/social/update (with an id). */
export function saveSocialPost(fields: SocialPostFields, file: File | null, id?: number) {
  const form = socialPostForm(fields, file, id);
  return id === undefined ? apiUploadCall(socialPostsApi.save, form) : apiUploadCall(socialPostsApi.update, form);
}

/** POST api/social/delete */
export function useDeleteSocialPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(socialPostsApi.delete, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialPostKeys.list }),
  });
}
