import { randomUUID } from 'node:crypto';
import { earliestPublishDate, SOCIAL_MESSAGES, type SocialPost, type SocialPostFields } from '@simvisit/schema';
import { fieldError, notFound } from '../../http/errors';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit';
import { clock } from '../../platform/clock';
import type { FileStore } from '../../platform/files';
import { checkPostImage } from '../../platform/images';
import type { SocialPostsRepository } from './social-posts.repository';

interface Deps {
  repo: SocialPostsRepository;
  audit: AuditService;
  files: FileStore;
}

const IMAGE_DIR = 'social-images';
const imagePath = (name: string) => `/api/files/social-images/${name}`;

type Row = { id: number; title: string; description: string; image_path: string | null; published_on: string | null };
const toPost = (r: Row): SocialPost => ({ ...r, published_on: r.published_on ?? '' });

/**
 * Social media posts (spec 002 §2.10): super admins only, which the route's access rule checks before this runs
 * (AUTHZ-14). The publish date may lie at most 30 days back of the server's date (UTC); the image is checked
 * and re-encoded before anything is written, so a refused upload changes nothing.
 */
export function createSocialPostsService(d: Deps) {
  function checkDate(publishedOn: string) {
    const today = clock.now().toISOString().slice(0, 10);
    if (publishedOn < earliestPublishDate(today)) throw fieldError('published_on', SOCIAL_MESSAGES.publishedOnTooEarly);
  }

  async function storeImage(file: Buffer | null): Promise<string | null> {
    if (!file) return null;
    const checked = await checkPostImage(file);
    if (!checked.ok) throw fieldError('file', checked.message);
    const name = `${randomUUID()}.png`;
    await d.files.put(`${IMAGE_DIR}/${name}`, checked.png);
    return imagePath(name);
  }

  const audit = (actor: Actor, action: string, id: number, details?: Record<string, unknown>) =>
    d.audit.record({
      action,
      actor_user_id: actor.user.id,
      partner_id: actor.partnerId,
      target_type: 'social_post',
      target_id: id,
      details: details ?? null,
    });

  return {
    list: async () => ({ social_posts: (await d.repo.list()).map(toPost) }),

    async save(actor: Actor, fields: SocialPostFields, file: Buffer | null): Promise<SocialPost> {
      checkDate(fields.published_on);
      const image_path = await storeImage(file);
      const row = await d.repo.insert({ ...fields, image_path });
      await audit(actor, 'social_post.created', row.id, { title: row.title, image: image_path !== null });
      return toPost(row);
    },

    async update(actor: Actor, id: number, fields: SocialPostFields, file: Buffer | null): Promise<SocialPost> {
      const current = await d.repo.byId(id);
      if (!current) throw notFound(SOCIAL_MESSAGES.notFound);
      // An unchanged date that has since fallen out of the window is kept; a new one must be inside it.
      if (fields.published_on !== current.published_on) checkDate(fields.published_on);
      const image_path = await storeImage(file);
      const row = await d.repo.update(id, { ...fields, ...(image_path ? { image_path } : {}) });
      if (!row) throw notFound(SOCIAL_MESSAGES.notFound);
      await audit(actor, 'social_post.updated', id, { title: row.title, image: image_path !== null });
      return toPost(row);
    },

    async delete(actor: Actor, id: number) {
      const gone = await d.repo.delete(id);
      if (!gone) throw notFound(SOCIAL_MESSAGES.notFound);
      await audit(actor, 'social_post.deleted', id);
    },

    image: (name: string) => d.files.get(`${IMAGE_DIR}/${name}`),
  };
}
export type SocialPostsService = ReturnType<typeof createSocialPostsService>;
