export {
  type CardDetails,
  type CardPaymentAmounts,
  CardPaymentForm,
  type CardPaymentFormProps,
  type CardPaymentResult,
} from './CardPaymentForm';
export { checkForPayment, confirmPayment, submitPayment } from './payments-api';
