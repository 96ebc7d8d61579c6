/** Business constants of spec §9. */
export const HTTP_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;
export const DOWNLOAD_TIMEOUT_MS = 7_200_000;
/** Answers that carry file links (ticket detail, appeals) are fetched again this often: the server signs each private file's URL for 15 minutes. */
export const FILE_LINKS_REFRESH_MS = 10 * 60_000;
export const MQTT_KEEPALIVE_S = 40;
export const MQTT_RECONNECT_MS = 5_000;
export const AVAILABLE_PRODUCTS_PAGE_SIZE = 99;
export const REGISTRATION_COMPLETE_STEP = 6;
export const TOKEN_KEY = 'token';
export const SESSION_ID_KEY = 'session_id';
export const SUPER_PERMISSION = '*:*:*';
export const SUPER_ROLE = 'role_admin';
/** Messages this long or shorter show as a short toast; longer ones as a notification. */
export const TOAST_MAX_CHARS = 15;
export const PROGRESS_BAR = { minimum: 0.08, speedMs: 200, trickleMs: 800 } as const;
