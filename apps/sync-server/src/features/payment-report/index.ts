import { defineModule } from '../../module';
import { createPaymentReportRepository } from './payment-report.repository';
import { paymentReportRoutes } from './payment-report.routes';
import { createPaymentReportService, type PaymentReportService } from './payment-report.service';

/** The public entry of features/payment-report: what learners and partners paid in a month (spec 002 §2.7). */
export type { PaymentReportService } from './payment-report.service';

declare module '../../app-services' {
  interface Services {
    paymentReport: PaymentReportService;
  }
}

export const paymentReportModule = defineModule({
  name: 'payment-report',
  services: ({ db, services }) => ({
    paymentReport: createPaymentReportService({ repo: createPaymentReportRepository(db), audit: services.audit }),
  }),
  routes: paymentReportRoutes,
});
