/** The public face of the files module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { putObject, putObjects } from './object-writer.js';
export { isPrivateKey, objectReadUrl, publicObjectBase, READ_URL_TTL_SECONDS } from './read-urls.js';
