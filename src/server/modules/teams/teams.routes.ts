import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  ACTING_COOKIE,
  ActingForInputSchema,
  MembershipListSchema,
  TeamActivityListSchema,
  TeamInviteInputSchema,
  TeamInvitePreviewSchema,
  TeamInviteTokenSchema,
  TeamMemberUpdateSchema,
  TeamSchema,
  TeamSettingsSchema,
} from '../../../contracts/teams';
import type { ModuleContext } from '../module';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { requireRecentAuth } from '../../platform/auth/recent-auth';
import { errorResponses } from '../../platform/http/error-responses';
import { AppError } from '../../platform/http/errors';
import { switchedTeam } from './acting-for';
import {
  TEAM_MESSAGES,
  acceptInvite,
  getTeam,
  inviteMember,
  leaveTeam,
  listActivity,
  listMemberships,
  previewInvite,
  removeMember,
  revokeInvite,
  updateMember,
  updateTeamSettings,
} from './teams.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const ok = { ok: true as const };

/** The owner's team, invitations and the member's side (decision 065). */
export const teamRoutes =
  (deps: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const recent = requireRecentAuth(deps);

    app.get(
      '/',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary: 'My team: members, pending invitations and my events to scope them to',
          response: { 200: TeamSchema, ...errors },
        },
      },
      async (request) => getTeam(deps, await currentUser(request)),
    );

    app.get(
      '/activity',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary: "My team's activity log: who did what, when, on which event",
          response: { 200: TeamActivityListSchema, ...errors },
        },
      },
      async (request) => ({ activity: await listActivity(deps, await currentUser(request)) }),
    );

    app.put(
      '/settings',
      {
        onRequest: requireAuth,
        preValidation: recent,
        schema: {
          tags: ['teams'],
          summary: 'Team settings: whether members must use two-factor sign-in',
          body: TeamSettingsSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await updateTeamSettings(deps, await currentUser(request), request.body);
        return ok;
      },
    );

    app.post(
      '/invites',
      {
        onRequest: requireAuth,
        preValidation: recent,
        schema: {
          tags: ['teams'],
          summary: 'Invite someone by email to my team with a role and scope',
          body: TeamInviteInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await inviteMember(deps, await currentUser(request), request.body);
        return ok;
      },
    );

    app.delete(
      '/invites/:id',
      {
        onRequest: requireAuth,
        preValidation: recent,
        schema: {
          tags: ['teams'],
          summary: 'Revoke a pending invitation',
          params: idParams(),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await revokeInvite(deps, await currentUser(request), request.params.id);
        return ok;
      },
    );

    app.post(
      '/invites/preview',
      {
        schema: {
          tags: ['teams'],
          summary: 'What an invitation link offers, before it is accepted',
          body: TeamInviteTokenSchema,
          response: { 200: TeamInvitePreviewSchema, ...errors },
        },
      },
      async (request) => previewInvite(deps, request.body.token),
    );

    app.post(
      '/invites/accept',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary: 'Join the team an invitation to my address offers',
          body: TeamInviteTokenSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await acceptInvite(deps, await currentUser(request), request.body.token);
        return ok;
      },
    );

    app.patch(
      '/members/:id',
      {
        onRequest: requireAuth,
        preValidation: recent,
        schema: {
          tags: ['teams'],
          summary: "Change a member's role or scope",
          params: idParams(),
          body: TeamMemberUpdateSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await updateMember(deps, await currentUser(request), {
          id: request.params.id,
          input: request.body,
        });
        return ok;
      },
    );

    app.delete(
      '/members/:id',
      {
        onRequest: requireAuth,
        preValidation: recent,
        schema: {
          tags: ['teams'],
          summary: 'Remove a member from my team',
          params: idParams(),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await removeMember(deps, await currentUser(request), request.params.id);
        return ok;
      },
    );

    app.get(
      '/memberships',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary: 'Teams I belong to and the events I may act on',
          response: { 200: MembershipListSchema, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(request);
        return {
          teams: await listMemberships(deps, user),
          actingFor: await switchedTeam(deps.db, request, user),
        };
      },
    );

    app.put(
      '/acting-for',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary:
            "Switch the account's own pages to a team I belong to (the owner's id) or back (null)",
          body: ActingForInputSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = await currentUser(request);
        const { ownerId } = request.body;
        // Readable by the page: it names an owner, nothing secret, and the header shows the
        // switch without asking the server on every page of someone on no team.
        const options = {
          path: '/',
          httpOnly: false,
          sameSite: 'lax' as const,
          secure: deps.config.PUBLIC_URL.startsWith('https:'),
        };
        if (ownerId === null || ownerId === user.id) {
          reply.clearCookie(ACTING_COOKIE, options);
          return ok;
        }
        if (!(await listMemberships(deps, user)).some((team) => team.ownerId === ownerId))
          throw new AppError('NOT_FOUND', TEAM_MESSAGES.notMember);
        reply.setCookie(ACTING_COOKIE, ownerId, { ...options, maxAge: 400 * 24 * 3600 });
        return ok;
      },
    );

    app.delete(
      '/memberships/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['teams'],
          summary: "Leave a team (the id is the team owner's)",
          params: idParams(),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await leaveTeam(deps, await currentUser(request), request.params.id);
        return ok;
      },
    );
  };
