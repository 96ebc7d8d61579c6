export { ApiError, errorFromResponse, httpStatusText, type FieldError } from './api-error';
export { http, onUnauthorized, preloadHttpClient, request, type RequestOptions } from './http';
export { BUSY_RETRIES, shouldRetryRead } from './retry';
export { noDataSchema } from './schemas';
export { tokenStore } from './token';
