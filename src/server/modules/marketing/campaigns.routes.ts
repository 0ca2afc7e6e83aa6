import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  CampaignInputSchema,
  CampaignSchema,
  CampaignsSchema,
  SegmentCountInputSchema,
  SegmentCountSchema,
  SendCampaignInputSchema,
  TestSendResultSchema,
  UpdateCampaignInputSchema,
} from '../../../contracts/marketing';
import { requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import { rateLimit } from '../../platform/http/rate-limits';
import type { ModuleContext } from '../module';
import { presentCampaign } from './marketing.presenter';
import {
  countAudience,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  setCampaignState,
  startCampaign,
  testSend,
  updateCampaign,
} from './campaigns.service';

const tags = ['marketing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Not found');
const guarded = { onRequest: requireAuth };

/** Campaigns: drafts, the audience count, a test to yourself, send, pause and cancel. */
export const campaignRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.get(
      '/email-campaigns',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'My campaigns with their stats',
          response: { 200: CampaignsSchema, ...errors },
        },
      },
      async (request) => ({
        campaigns: (
          await listCampaigns(
            deps,
            await actorFor(deps.db, request, { permission: 'marketing.campaigns' }),
          )
        ).map(presentCampaign),
      }),
    );
    app.post(
      '/email-campaigns',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Create a campaign (the body is sanitized; a text part is generated)',
          body: CampaignInputSchema,
          response: { 201: CampaignSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          presentCampaign(
            await createCampaign(
              deps,
              await actorFor(deps.db, request, {
                permission: 'marketing.campaigns',
                action: 'campaign.create',
              }),
              request.body,
            ),
          ),
        ),
    );
    app.get(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One campaign with its report',
          params: IdParams,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(
          await getCampaign(
            deps,
            await actorFor(deps.db, request, { permission: 'marketing.campaigns' }),
            request.params.id,
          ),
        ),
    );
    app.patch(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Change a draft campaign',
          params: IdParams,
          body: UpdateCampaignInputSchema,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(
          await updateCampaign(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.campaigns',
              action: 'campaign.edit',
            }),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.delete(
      '/email-campaigns/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a draft or cancelled campaign',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteCampaign(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.campaigns',
            action: 'campaign.delete',
          }),
          request.params.id,
        );
        return { ok: true as const };
      },
    );
    app.post(
      '/segments/count',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            "How many people a campaign to these lists and segment would mail now, and the lists' imported columns (the editor's live count)",
          body: SegmentCountInputSchema,
          response: { 200: SegmentCountSchema, ...errors },
        },
      },
      async (request) =>
        countAudience(
          deps,
          await actorFor(deps.db, request, { permission: 'marketing.campaigns' }),
          request.body,
        ),
    );
    app.post(
      '/email-campaigns/:id/test',
      {
        ...guarded,
        config: rateLimit('newsletter', deps.config),
        schema: {
          tags,
          summary: 'Send the campaign to yourself',
          params: IdParams,
          response: { 202: TestSendResultSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(202).send(
          await testSend(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.campaigns',
              action: 'campaign.test',
            }),
            request.params.id,
          ),
        ),
    );
    app.post(
      '/email-campaigns/:id/send',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Send now, schedule, or resume a paused campaign',
          params: IdParams,
          body: SendCampaignInputSchema,
          response: { 200: CampaignSchema, ...errors },
        },
      },
      async (request) =>
        presentCampaign(
          await startCampaign(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.campaigns',
              action: 'campaign.send',
            }),
            request.params.id,
            {
              scheduledAt: request.body.scheduledAt,
            },
          ),
        ),
    );
    for (const action of ['pause', 'cancel'] as const) {
      app.post(
        `/email-campaigns/:id/${action}`,
        {
          ...guarded,
          schema: {
            tags,
            summary: `${action === 'pause' ? 'Pause' : 'Cancel'} a campaign`,
            params: IdParams,
            response: { 200: CampaignSchema, ...errors },
          },
        },
        async (request) =>
          presentCampaign(
            await setCampaignState(
              deps,
              await actorFor(deps.db, request, {
                permission: 'marketing.campaigns',
                action: `campaign.${action}`,
              }),
              request.params.id,
              action,
            ),
          ),
      );
    }
  };
