import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplePassDeviceParamsSchema,
  ApplePassLogBodySchema,
  ApplePassParamsSchema,
  ApplePassRegisterBodySchema,
  ApplePassRegistrationParamsSchema,
  ApplePassUpdatedQuerySchema,
  ApplePassUpdatedSchema,
} from '../../../contracts/wallet-passes';
import { errorResponses } from '../../platform/http/error-responses';
import { requestLocale } from '../../platform/i18n/request-locale';
import { latestPass, registerDevice, unregisterDevice, updatedSerials } from './apple-pass-service';
import type { WalletDeps } from './wallet-passes.service';

const tags = ['wallet-passes'];
const errors = errorResponses(400, 401, 404);
const Empty = z.null().describe('No body');

/**
 * Apple's PassKit web service (decision 089), called by Wallet on the holder's device at the
 * `webServiceURL` its pass names: no session, the pass's `ApplePass <token>` header instead.
 */
export const applePassServiceRoutes =
  (deps: WalletDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
      {
        schema: {
          tags,
          summary: 'Wallet registers a device to hear when a pass changes (201 new, 200 known)',
          params: ApplePassRegistrationParamsSchema,
          body: ApplePassRegisterBodySchema,
          response: { 200: Empty, 201: Empty, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await registerDevice(deps, {
          deviceLibraryId: request.params.deviceLibraryIdentifier,
          passTypeId: request.params.passTypeIdentifier,
          serialNumber: request.params.serialNumber,
          authorization: request.headers.authorization,
          pushToken: request.body.pushToken,
        });
        return reply.code(outcome === 'created' ? 201 : 200).send(null);
      },
    );

    app.delete(
      '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
      {
        schema: {
          tags,
          summary: 'Wallet unregisters a device from a pass (removed from the device)',
          params: ApplePassRegistrationParamsSchema,
          response: { 200: Empty, ...errors },
        },
      },
      async (request, reply) => {
        await unregisterDevice(deps, {
          deviceLibraryId: request.params.deviceLibraryIdentifier,
          passTypeId: request.params.passTypeIdentifier,
          serialNumber: request.params.serialNumber,
          authorization: request.headers.authorization,
        });
        return reply.code(200).send(null);
      },
    );

    app.get(
      '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
      {
        schema: {
          tags,
          summary: "The serial numbers of a device's passes changed since a tag (204: none)",
          params: ApplePassDeviceParamsSchema,
          querystring: ApplePassUpdatedQuerySchema,
          response: { 200: ApplePassUpdatedSchema, 204: Empty, ...errors },
        },
      },
      async (request, reply) => {
        const updated = await updatedSerials(deps, {
          deviceLibraryId: request.params.deviceLibraryIdentifier,
          passTypeId: request.params.passTypeIdentifier,
          since: request.query.passesUpdatedSince,
        });
        return updated ? updated : reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/passes/:passTypeIdentifier/:serialNumber',
      {
        schema: {
          tags,
          summary: 'The latest version of a pass (304 when unchanged since If-Modified-Since)',
          params: ApplePassParamsSchema,
        },
      },
      async (request, reply) => {
        const { pass, lastModified } = await latestPass(deps, {
          passTypeId: request.params.passTypeIdentifier,
          serialNumber: request.params.serialNumber,
          authorization: request.headers.authorization,
          ifModifiedSince: request.headers['if-modified-since'],
          locale: await requestLocale(request),
        });
        reply.header('last-modified', lastModified.toUTCString());
        if (!pass) return reply.code(304).send();
        return reply
          .type('application/vnd.apple.pkpass')
          .header('cache-control', 'private, no-cache')
          .send(pass);
      },
    );

    app.post(
      '/v1/log',
      {
        schema: {
          tags,
          summary: "Wallet's error messages about our passes, written to the server log",
          body: ApplePassLogBodySchema,
          response: { 200: Empty, ...errors },
        },
      },
      async (request, reply) => {
        for (const line of request.body.logs.slice(0, 20))
          request.log.warn({ appleWallet: line.slice(0, 500) }, 'Apple Wallet log');
        return reply.code(200).send(null);
      },
    );
  };
