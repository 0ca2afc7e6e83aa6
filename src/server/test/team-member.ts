import { expect } from 'vitest';
import type { TeamRole } from '../../contracts/teams';
import { createUser } from './factories';
import { linkFrom, waitForCapturedMail } from './mail';
import type { TestApp } from './test-app';

/**
 * A new person who joins the owner's team with a role over all the owner's events, the way a
 * person does: the owner invites them, they open the mailed link signed in and accept it.
 */
export async function joinTeam(t: TestApp, ownerCookie: string, role: TeamRole) {
  const user = await createUser(t.db, { fullName: `Staff ${role}` });
  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const invited = await post(ownerCookie, '/api/teams/invites', {
    email: user.email,
    role,
    allEvents: true,
    eventIds: [],
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const [mail] = await waitForCapturedMail(t.db, user.email);
  const link = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/teams/invite/`);
  const token = decodeURIComponent(link.split('/teams/invite/')[1] ?? '');
  const cookie = await t.sessionCookie(user);
  const accepted = await post(cookie, '/api/teams/invites/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { cookie, user };
}
