export { ApiError, errorFromResponse, httpStatusText, type FieldError } from './api-error';
export { http, onUnauthorized, request, type RequestOptions } from './http';
export { tokenStore } from './token';
