/** Invoice requests (issue 19 item 6; spec 002 §2.20): the super admin's invoice pages. */
export { invoicesRoutes } from './invoices-routes';
