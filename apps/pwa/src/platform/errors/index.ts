export { ErrorPage } from './ErrorPage';
export { RouteErrorPage } from './RouteErrorPage';
