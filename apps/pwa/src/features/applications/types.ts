import type { ApplicationsResponse } from '@simvisit/schema';

export type Application = ApplicationsResponse['applications'][number];
export type QuoteRequest = ApplicationsResponse['quote_requests'][number];
export type Quote = ApplicationsResponse['quotes'][number];
export type ApplicationAlert = ApplicationsResponse['alerts'][number];
