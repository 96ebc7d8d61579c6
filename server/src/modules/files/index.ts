/** The public face of the files module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { contentTypeFor, randomNonce, uploadDir } from './object-keys.js';
export { copyObject, getObject, headObject, MissingObjectError, type ObjectInfo, ObjectTooLargeError, putObject, putObjects } from './object-writer.js';
export { isPrivateKey, objectReadUrl, publicObjectBase, READ_URL_TTL_SECONDS } from './read-urls.js';
