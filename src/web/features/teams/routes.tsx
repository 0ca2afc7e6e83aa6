import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Teams with scoped roles (decision 065). Not in the main menu (spec §2 lists its entries):
// the user menu and the hosts' tools link to /team.
const TeamPage = lazyPage(() => import('./team-page').then((m) => m.TeamPage));
const InviteAcceptPage = lazyPage(() =>
  import('./invite-accept-page').then((m) => m.InviteAcceptPage),
);

export const teamsRoutes: FeatureRoutes = {
  member: [{ path: 'team', Component: TeamPage }],
  public: [{ path: 'teams/invite/:token', Component: InviteAcceptPage }],
};
