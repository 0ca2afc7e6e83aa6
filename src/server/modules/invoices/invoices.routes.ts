import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '../../../contracts/accounts';
import { idParams } from '../../../contracts/ids';
import {
  BillingProfileAnswerSchema,
  BillingProfileInputSchema,
  OrderInvoicesSchema,
  PLATFORM_SELLER,
  ReissueInvoiceSchema,
} from '../../../contracts/invoices';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { readUploadedFile } from '../../platform/http/uploads';
import { removeInvoiceLogo, replaceInvoiceLogo } from './invoice-logo';
import type { ModuleContext } from '../module';
import { actorFor } from '../teams/teams.service';
import {
  downloadInvoice,
  getBillingProfile,
  listOrderInvoices,
  reissueInvoice,
  requestInvoice,
  saveBillingProfile,
} from './invoices.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 409, 413);
const OrderParams = idParams('Order not found');
const InvoiceParams = idParams('Invoice not found');
const tags = ['invoices'];

/** Billing profiles, an order's invoices and credit notes, their PDFs (decision 059). */
export const invoiceRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = {
      db: ctx.db,
      clock: ctx.clock,
      jobs: ctx.jobs,
      config: ctx.config,
      files: ctx.files,
    };

    // The organizer's billing profile is the account's (decision 073): a member switched to the
    // team whose role handles invoices (manager, finance) keeps it for the owner.
    const accountSeller = async (request: FastifyRequest, action?: string) =>
      (await actorFor(ctx.db, request, { permission: 'invoices', ...(action ? { action } : {}) }))
        .id;

    // The logo of a profile: the organizer's own (any signed-in seller) or the platform's (admins).
    const logoRoutes = (
      path: string,
      guard: typeof requireAuth,
      seller: (request: FastifyRequest) => Promise<string>,
    ) => {
      app.post(
        `${path}/logo`,
        {
          onRequest: guard,
          schema: {
            tags,
            summary:
              'Upload the logo printed on invoices (multipart field "logo"; images only, 5 MB at most; kept as a PNG up to 600 px)',
            consumes: ['multipart/form-data'],
            response: { 200: BillingProfileAnswerSchema, ...uploadErrors },
          },
        },
        async (request) => {
          const sellerKey = await seller(request);
          const data = await readUploadedFile(request, {
            field: 'logo',
            // The same limits and texts as a profile photo.
            maxBytes: AVATAR_MAX_BYTES,
            missingMessage: AVATAR_MESSAGES.missing,
            tooLargeMessage: AVATAR_MESSAGES.tooLarge,
          });
          return replaceInvoiceLogo(deps, sellerKey, data, () =>
            getBillingProfile(deps, sellerKey),
          );
        },
      );
      app.delete(
        `${path}/logo`,
        {
          onRequest: guard,
          schema: {
            tags,
            summary: 'Print no logo on invoices issued from now on',
            response: { 200: BillingProfileAnswerSchema, ...errors },
          },
        },
        async (request) => {
          const sellerKey = await seller(request);
          return removeInvoiceLogo(deps, sellerKey, () => getBillingProfile(deps, sellerKey));
        },
      );
    };
    logoRoutes('/invoices/profile', requireAuth, (request) =>
      accountSeller(request, 'invoice_profile.logo'),
    );
    logoRoutes('/invoices/platform-profile', requireRole('admin'), () =>
      Promise.resolve(PLATFORM_SELLER),
    );

    app.get(
      '/invoices/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "The signed-in organizer's billing profile (null until set up)",
          response: { 200: BillingProfileAnswerSchema, ...errors },
        },
      },
      async (request) => getBillingProfile(deps, await accountSeller(request)),
    );

    app.put(
      '/invoices/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            "Set the signed-in organizer's billing profile (applies to invoices issued from now on)",
          body: BillingProfileInputSchema,
          response: { 200: BillingProfileAnswerSchema, ...errors },
        },
      },
      async (request) =>
        saveBillingProfile(
          deps,
          await accountSeller(request, 'invoice_profile.edit'),
          request.body,
        ),
    );

    app.get(
      '/invoices/platform-profile',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          summary:
            "MEA Events' own billing profile, for its charges to organizers and vendors (admin)",
          response: { 200: BillingProfileAnswerSchema, ...errors },
        },
      },
      async () => getBillingProfile(deps, PLATFORM_SELLER),
    );

    app.put(
      '/invoices/platform-profile',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags,
          summary: "Set MEA Events' own billing profile (admin)",
          body: BillingProfileInputSchema,
          response: { 200: BillingProfileAnswerSchema, ...errors },
        },
      },
      async (request) => saveBillingProfile(deps, PLATFORM_SELLER, request.body),
    );

    app.get(
      '/orders/:id/invoices',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "An order's invoices and credit notes (buyer, organizer or admin)",
          params: OrderParams,
          response: { 200: OrderInvoicesSchema, ...errors },
        },
      },
      async (request) =>
        listOrderInvoices(deps, { orderId: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/orders/:id/invoices',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Ask for the invoice of a paid order (its buyer)',
          params: OrderParams,
          response: { 200: OrderInvoicesSchema, ...errors },
        },
      },
      async (request) =>
        requestInvoice(deps, { orderId: request.params.id, actor: await currentUser(request) }),
    );

    app.get(
      '/invoices/:id/pdf',
      {
        onRequest: requireAuth,
        schema: { tags, summary: 'An invoice or credit note as a PDF', params: InvoiceParams },
      },
      async (request, reply) => {
        const { filename, pdf } = await downloadInvoice(deps, {
          id: request.params.id,
          actor: await currentUser(request),
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/invoices/:id/reissue',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary:
            'Cancel an invoice with a credit note and issue it again with corrected buyer details (organizer or admin)',
          params: InvoiceParams,
          body: ReissueInvoiceSchema,
          response: { 200: OrderInvoicesSchema, ...errors },
        },
      },
      async (request) =>
        reissueInvoice(deps, {
          id: request.params.id,
          actor: await currentUser(request),
          buyer: request.body.buyer,
        }),
    );
  };
