/** The public face of the teams module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { checkJoin, consumeInvite, findInviteByCode, looksLikeTeamInvite, notifyLeadsOfJoin } from './team-invite.service.js';
