export { CardPaymentForm, type CardPaymentFormProps } from './CardPaymentForm';
export { checkForPayment, confirmPayment, submitPayment } from './payments-api';
