// The teams feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { useTeamRole } from './team-role';
export { ActingForTeams } from './acting-for';
export { isActingForTeam, useActingFor } from './acting';
export { pageFor } from './acting-for';
