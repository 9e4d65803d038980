import { defineModule } from '../../module';
import { createEmailedLinksRepository } from './emailed-links.repository';
import type { EmailedLinksService } from './emailed-links.service';
import { createEmailedLinksService } from './emailed-links.service';

/** The public entry of platform/emailed-links: other modules import only what is exported here. */
export {
  deleteEmailedLinks,
  insertEmailedLink,
  liveEmailedLinkExists,
  type NewLink,
  type SpentLink,
} from './emailed-links.repository';
export { type EmailedLinksService, type MintedLink, mintEmailedLink, type ResendTarget } from './emailed-links.service';
export { LINK_PURPOSES, type LinkPurpose, USER_LINK_PURPOSES } from './purposes';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    emailedLinks: EmailedLinksService;
  }
}

export const emailedLinksModule = defineModule({
  name: 'emailed-links',
  services: ({ db, services: { limits, audit } }) => ({
    emailedLinks: createEmailedLinksService({ repo: createEmailedLinksRepository(db), limits, audit }),
  }),
});
