export { ApiError, errorFromResponse, httpStatusText, type FieldError } from './api-error';
export { http, onUnauthorized, preloadHttpClient, request, type RequestOptions } from './http';
export { tokenStore } from './token';
