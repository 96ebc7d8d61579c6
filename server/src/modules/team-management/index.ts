/** The public face of the team-management module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { findInviteByCode } from './invite.repository.js';
export { checkJoin, consumeInvite, looksLikeTeamInvite, notifyLeadsOfJoin } from './team-invite.service.js';
