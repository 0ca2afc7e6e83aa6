import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  EmailListInputSchema,
  EmailListSchema,
  EmailListsSchema,
  ImportChunkInputSchema,
  ImportResultSchema,
  SubscriberInputSchema,
  SubscriberListQuerySchema,
  SubscriberPageSchema,
  SubscriberSchema,
  UpdateEmailListInputSchema,
} from '../../../contracts/marketing';
import { requireAuth } from '../../platform/auth/guards';
import { actorFor } from '../teams/teams.service';
import { errorResponses } from '../../platform/http/error-responses';
import type { ModuleContext } from '../module';
import { presentList, presentSubscriber } from './marketing.presenter';
import { exportList, importChunk } from './list-csv.service';
import {
  addSubscriber,
  createList,
  deleteList,
  getList,
  listLists,
  listSubscribers,
  removeSubscriber,
  updateList,
} from './lists.service';

const tags = ['marketing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const IdParams = idParams('Not found');
const guarded = { onRequest: requireAuth };

/** An owner's lists and subscribers, with the CSV import and export. */
export const listRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx;
    app.get(
      '/lists',
      {
        ...guarded,
        schema: { tags, summary: 'My email lists', response: { 200: EmailListsSchema, ...errors } },
      },
      async (request) => ({
        lists: (
          await listLists(deps, await actorFor(deps.db, request, { permission: 'marketing.lists' }))
        ).map(presentList),
      }),
    );
    app.post(
      '/lists',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Create a list',
          body: EmailListInputSchema,
          response: { 201: EmailListSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          presentList(
            await createList(
              deps,
              await actorFor(deps.db, request, {
                permission: 'marketing.lists',
                action: 'list.create',
              }),
              request.body,
            ),
          ),
        ),
    );
    app.get(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'One list',
          params: IdParams,
          response: { 200: EmailListSchema, ...errors },
        },
      },
      async (request) =>
        presentList(
          await getList(
            deps,
            await actorFor(deps.db, request, { permission: 'marketing.lists' }),
            request.params.id,
          ),
        ),
    );
    app.patch(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Change a list',
          params: IdParams,
          body: UpdateEmailListInputSchema,
          response: { 200: EmailListSchema, ...errors },
        },
      },
      async (request) =>
        presentList(
          await updateList(
            deps,
            await actorFor(deps.db, request, {
              permission: 'marketing.lists',
              action: 'list.edit',
            }),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.delete(
      '/lists/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a list and its subscribers',
          params: IdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await deleteList(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.lists',
            action: 'list.delete',
          }),
          request.params.id,
        );
        return { ok: true as const };
      },
    );
    app.get(
      '/lists/:id/subscribers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Subscribers of a list',
          params: IdParams,
          querystring: SubscriberListQuerySchema,
          response: { 200: SubscriberPageSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await listSubscribers(
          deps,
          await actorFor(deps.db, request, { permission: 'marketing.lists' }),
          request.params.id,
          request.query,
        );
        return { subscribers: rows.map(presentSubscriber), total };
      },
    );
    app.post(
      '/lists/:id/subscribers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Add a subscriber by hand',
          params: IdParams,
          body: SubscriberInputSchema,
          response: { 201: SubscriberSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          presentSubscriber(
            await addSubscriber(
              deps,
              await actorFor(deps.db, request, {
                permission: 'marketing.lists',
                action: 'list.subscriber_add',
              }),
              request.params.id,
              request.body,
            ),
          ),
        ),
    );
    app.delete(
      '/lists/:id/subscribers/:subscriberId',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Remove a subscriber',
          params: z.object({
            id: z.uuid({ error: 'Not found' }),
            subscriberId: z.uuid({ error: 'Not found' }),
          }),
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await removeSubscriber(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.lists',
            action: 'list.subscriber_remove',
          }),
          {
            listId: request.params.id,
            subscriberId: request.params.subscriberId,
          },
        );
        return { ok: true as const };
      },
    );
    app.post(
      '/lists/:id/import',
      {
        ...guarded,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          summary:
            'Import one chunk of CSV rows (column mapping; skipped rows reported with reasons)',
          params: IdParams,
          body: ImportChunkInputSchema,
          response: { 200: ImportResultSchema, ...errors },
        },
      },
      async (request) =>
        importChunk(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.lists',
            action: 'list.import',
          }),
          request.params.id,
          request.body,
        ),
    );
    app.get(
      '/lists/:id/export.csv',
      { ...guarded, schema: { tags, summary: 'Subscribers as CSV', params: IdParams } },
      async (request, reply) => {
        const file = await exportList(
          deps,
          await actorFor(deps.db, request, {
            permission: 'marketing.lists',
            action: 'list.export',
          }),
          request.params.id,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
    );
  };
