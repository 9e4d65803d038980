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

// The emailed links of every purpose (issue 18 item 3, platform/emailed-links), merged into DB by declaration merging.
import type { EmailedLinkTables } from './tables/emailed-links';
export interface DB extends EmailedLinkTables {}
export * from './tables/emailed-links';

// Social posts, institutions and client admin requests (issue 13 items 6–8), merged into DB by declaration merging.
import type { SocialInstitutionTables } from './tables/social-institutions';
export interface DB extends SocialInstitutionTables {}
export * from './tables/social-institutions';

// Articles and authors of the landing pages (issue 13), merged into DB by declaration merging.
import type { LandingPageTables } from './tables/landing-pages';
export interface DB extends LandingPageTables {}
export * from './tables/landing-pages';

// Seat usage day by day (issue 20 item 6), merged into DB by declaration merging.
import type { SeatUsageTables } from './tables/seat-usage';
export interface DB extends SeatUsageTables {}
export * from './tables/seat-usage';

// The financial figures kept per partner and local month (decision 0096), merged into DB by declaration merging.
import type { FinancialFigureTables, PaymentMonthTables } from './tables/financial-figures';
export interface DB extends FinancialFigureTables, PaymentMonthTables {}
export * from './tables/financial-figures';
