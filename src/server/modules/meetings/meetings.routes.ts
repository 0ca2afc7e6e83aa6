import type { FastifyRequest } from 'fastify';
import { msg } from '@lingui/core/macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  JoinInputSchema,
  MeetingInputSchema,
  MeetingListSchema,
  MeetingSchema,
  PARTICIPANT_ACTIONS,
  ParticipantListSchema,
} from '../../../contracts/meetings';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import type { ModuleContext } from '../module';
import {
  actOnParticipant,
  createMeeting,
  endMeeting,
  getMeeting,
  joinMeeting,
  listMyMeetings,
  listParticipants,
} from './meetings.service';
import { registerMeetingSocket } from './meetings.socket';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404, 409);
const MeetingParams = idParams('Meeting not found');
// Zod keeps the English; the error handler reads it in the request's language.
const PARTICIPANT_NOT_FOUND = msg`Participant not found`;

export const meetingsRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    await registerMeetingSocket(app, ctx);
    // Every room is behind sign-in: the link alone lets a signed-in person ask to join.
    app.addHook('onRequest', requireAuth);
    // The rooms an account hosts: a member switched to the team creates and runs the owner's
    // (decision 073) when their role sets the events up. Joining a room is the person's own.
    const host = (request: FastifyRequest, action?: string) =>
      actorFor(ctx.db, request, { permission: 'event.edit', ...(action ? { action } : {}) });

    app.post(
      '/',
      {
        schema: {
          tags: ['meetings'],
          summary: 'Create a meeting room (subscribers)',
          body: MeetingInputSchema,
          response: { 201: MeetingSchema, ...errors },
        },
      },
      async (request, reply) => {
        const meeting = await createMeeting(ctx, {
          actor: await host(request, 'meeting.create'),
          input: request.body,
        });
        return reply.status(201).send(meeting);
      },
    );

    app.get(
      '/',
      {
        schema: {
          tags: ['meetings'],
          summary: 'Meeting rooms I host',
          response: { 200: MeetingListSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({
        items: await listMyMeetings(ctx, { actor: await host(request) }),
      }),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags: ['meetings'],
          summary: 'A meeting room: title, host, whether it has a lobby or passcode, my standing',
          params: MeetingParams,
          response: { 200: MeetingSchema, ...errors },
        },
      },
      async (request) =>
        getMeeting(ctx, { actor: await currentUser(request), id: request.params.id }),
    );

    app.post(
      '/:id/join',
      {
        schema: {
          tags: ['meetings'],
          summary: 'Ask to join: checks the passcode, then admits or puts me in the lobby',
          params: MeetingParams,
          body: JoinInputSchema,
          response: { 200: MeetingSchema, ...errors },
        },
      },
      async (request) =>
        joinMeeting(ctx, {
          actor: await currentUser(request),
          id: request.params.id,
          passcode: request.body.passcode,
        }),
    );

    app.get(
      '/:id/participants',
      {
        schema: {
          tags: ['meetings'],
          summary: 'Everyone who asked to join, with their standing (host)',
          params: MeetingParams,
          response: { 200: ParticipantListSchema, ...errors },
        },
      },
      async (request) => ({
        items: await listParticipants(ctx, {
          actor: await host(request),
          id: request.params.id,
        }),
      }),
    );

    // One route per action, so each is its own line in the route list and access table.
    for (const action of PARTICIPANT_ACTIONS) {
      app.post(
        `/:id/participants/:userId/${action}`,
        {
          schema: {
            tags: ['meetings'],
            summary: `Host controls: ${action} someone`,
            params: MeetingParams.extend({
              userId: z.uuid({ error: PARTICIPANT_NOT_FOUND.message ?? '' }),
            }),
            response: { 200: OkSchema, ...errors },
          },
        },
        async (request) =>
          actOnParticipant(ctx, {
            actor: await host(request, `meeting.${action}`),
            id: request.params.id,
            userId: request.params.userId,
            action,
          }),
      );
    }

    app.post(
      '/:id/end',
      {
        schema: {
          tags: ['meetings'],
          summary: 'End the meeting for everyone (host)',
          params: MeetingParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) =>
        endMeeting(ctx, { actor: await host(request, 'meeting.end'), id: request.params.id }),
    );
  };
