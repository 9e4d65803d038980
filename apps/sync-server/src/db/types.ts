import type { ApplyingTables } from './tables/applying';
import type { PaymentTables } from './tables/payments';
import type { PlatformTables } from './tables/platform';
import type { RequestTables } from './tables/requests';
import type { RubricPlaylistFormTables } from './tables/rubrics-playlists-forms';
import type { ScenarioTables } from './tables/scenarios';
import type { VisitTables } from './tables/visits';

/**
 * Kysely's view of the tables created by the migrations in ./migrations, composed of the areas in ./tables so no
 * file holds the whole schema.
 */
export interface DB extends PlatformTables, RequestTables, ScenarioTables, RubricPlaylistFormTables, PaymentTables, VisitTables {}
/** Applying for a role (issue 12 item 1), merged into DB apart so each area adds its own line. */
export interface DB extends ApplyingTables {}

export type { SyncColumns } from './columns';
export * from './tables/payments';
export * from './tables/platform';
export * from './tables/requests';
export * from './tables/rubrics-playlists-forms';
export * from './tables/scenarios';
export * from './tables/visits';

// Commitments and calendar feeds (issue 12 items 6 and 9), merged into DB by declaration merging.
import type { CommitmentTables } from './tables/commitments';
export interface DB extends CommitmentTables {}
export * from './tables/commitments';

// A partner's pre-approved emails (issue 13), merged into DB by declaration merging.
import type { PartnerAdminTables } from './tables/partner-admin';
export interface DB extends PartnerAdminTables {}

// Brand passcode rotation (issue 13 item 6): a column of partners, merged into PartnersTable by declaration merging.
export * from './tables/brand-passwords';
export * from './tables/partner-admin';

// Learner registration's emailed links (issue 13 item 1), merged into DB by declaration merging.
import type { RegistrationTables } from './tables/registration';
export interface DB extends RegistrationTables {}
export * from './tables/registration';

// Social posts, institutions and client admin requests (issue 13 items 6–8), merged into DB by declaration merging.
import type { SocialInstitutionTables } from './tables/social-institutions';
export interface DB extends SocialInstitutionTables {}
export * from './tables/social-institutions';

// Articles and authors of the landing pages (issue 13), merged into DB by declaration merging.
import type { LandingPageTables } from './tables/landing-pages';
export interface DB extends LandingPageTables {}
export * from './tables/landing-pages';
