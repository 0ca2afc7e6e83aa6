import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Teams with scoped roles (decision 065).
const TeamPage = lazyPage(() => import('./team-page').then((m) => m.TeamPage));
const InviteAcceptPage = lazyPage(() =>
  import('./invite-accept-page').then((m) => m.InviteAcceptPage),
);

export const teamsRoutes: FeatureRoutes = {
  member: [{ path: 'team', Component: TeamPage }],
  public: [{ path: 'teams/invite/:token', Component: InviteAcceptPage }],
  menu: [{ to: '/team', label: msg`Team`, order: 175, signedIn: true }],
};
