/** The public face of the user module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { activeLeadIds, findDesignerByPhone, insertDesigner, updateDesigner } from './designer.repository.js';
export { profileSchema, toProfile } from './profile.js';
export { bankInfoSchema, basicInfoSchema, skillsSchema, workProfileSchema } from './user.schemas.js';
export { bankPatch } from './user.service.js';
