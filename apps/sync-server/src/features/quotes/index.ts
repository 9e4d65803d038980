import { defineModule } from '../../module';
import { createQuoteRequestRepository } from './quote-request.repository';
import { createQuoteRequestService, type QuoteRequestService } from './quote-request.service';
import { createQuotesRepository } from './quotes.repository';
import { quotesRoutes } from './quotes.routes';
import type { QuotesService } from './quotes.service';
import { createQuotesService } from './quotes.service';

export { createQuoteRequestService, type QuoteRequestService } from './quote-request.service';
/** The public entry of features/quotes: other modules import only what is exported here. */
export { quotesRoutes } from './quotes.routes';
export { createQuotesService, type QuotesService } from './quotes.service';

// This module's part of the services every request carries (app-services.ts).
declare module '../../app-services' {
  interface Services {
    quotes: QuotesService;
    quoteRequest: QuoteRequestService;
  }
}

export const quotesModule = defineModule({
  name: 'quotes',
  services: ({ db, config, services: { audit, mail, partners, users, limits } }) => ({
    quotes: createQuotesService({ repo: createQuotesRepository(db), partners, audit, mail, config }),
    quoteRequest: createQuoteRequestService({ repo: createQuoteRequestRepository(db), partners, users, limits, audit, mail, config }),
  }),
  routes: quotesRoutes,
});
