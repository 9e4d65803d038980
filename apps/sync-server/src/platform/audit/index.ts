import { defineModule } from '../../module';
import { createAuditRepository } from './audit.repository';
import type { AuditService } from './audit.service';
import { createAuditService } from './audit.service';

/** The public entry of platform/audit: other modules import only what is exported here. */
export { createAuditRepository, insertAuditEntry } from './audit.repository';
export { type AuditRequest, type AuditService, createAuditService } from './audit.service';

// This module's part of the services every request carries (app-services.ts), declared here so the list of
// services has no import of its own back into the modules.
declare module '../../app-services' {
  interface Services {
    audit: AuditService;
  }
}

export const auditModule = defineModule({
  name: 'audit',
  services: ({ db }) => ({ audit: createAuditService(createAuditRepository(db)) }),
});
