export { ErrorPage, ForbiddenPage, NotFoundPage, ServerErrorPage } from './ui/error-page';
