export {
  type CardDetails,
  type CardPaymentAmounts,
  CardPaymentForm,
  type CardPaymentFormProps,
  type CardPaymentResult,
} from './CardPaymentForm';
export { checkForPayment, confirmPayment, paymentQuoteQuery, submitPayment } from './payments-api';
