export {
  type CardDetails,
  type CardPaymentAmounts,
  CardPaymentForm,
  type CardPaymentFormProps,
  type CardPaymentResult,
} from './CardPaymentForm';
export { checkForPayment, confirmPayment, paymentQuoteQuery, submitPayment } from './payments-api';

/**
 * The card form (and Stripe's loader behind it) for pages that show it only at their last step: it loads when that
 * step opens, not with the page (decision 0085).
 */
export const loadCardPaymentForm = () => import('./CardPaymentForm').then((m) => ({ default: m.CardPaymentForm }));
