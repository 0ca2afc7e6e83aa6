import { z } from 'zod';

// Wallet passes (decision 075): an organizer's Google Wallet service account and Apple pass
// certificate, the save link and the .pkpass a ticket holder opens. Private keys are written,
// never read back.

export const WalletConfigInputSchema = z.object({
  googleIssuerId: z
    .string()
    .trim()
    .regex(/^\d{5,25}$/, { error: 'The issuer id is the number Google Wallet gave you' }),
  googleServiceAccountEmail: z
    .email({ error: 'Please enter the service account’s email' })
    .max(254),
  /** PEM of the service account's RSA private key (the `private_key` of its JSON key file). */
  googlePrivateKeyPem: z
    .string()
    .trim()
    .max(10_000)
    .regex(/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/, {
      error: 'Please paste the private key (-----BEGIN PRIVATE KEY----- …)',
    }),
});
export type WalletConfigInput = z.infer<typeof WalletConfigInputSchema>;

const CERTIFICATE_PEM = /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/;

export const AppleWalletConfigInputSchema = z.object({
  /** The Pass Type ID registered with Apple, e.g. pass.com.example.tickets. */
  applePassTypeId: z
    .string()
    .trim()
    .regex(/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, {
      error: 'The Pass Type ID looks like pass.com.example.tickets',
    })
    .max(200),
  appleTeamId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, { error: 'The Team ID is the 10 letters and digits Apple gave you' }),
  /** The pass signing certificate, PEM. */
  appleCertificatePem: z.string().trim().max(20_000).regex(CERTIFICATE_PEM, {
    error: 'Please paste the certificate (-----BEGIN CERTIFICATE----- …)',
  }),
  /** Its private key, PEM, not encrypted. */
  applePrivateKeyPem: z
    .string()
    .trim()
    .max(10_000)
    .regex(/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/, {
      error: 'Please paste the private key without a passphrase (-----BEGIN PRIVATE KEY----- …)',
    }),
  /** Apple's WWDR intermediate certificate that issued it, PEM. */
  appleWwdrPem: z.string().trim().max(20_000).regex(CERTIFICATE_PEM, {
    error: 'Please paste Apple’s WWDR certificate (-----BEGIN CERTIFICATE----- …)',
  }),
});
export type AppleWalletConfigInput = z.infer<typeof AppleWalletConfigInputSchema>;

export const WalletConfigSchema = z.object({
  google: z.object({ issuerId: z.string(), serviceAccountEmail: z.string() }).nullable(),
  apple: z
    .object({ passTypeId: z.string(), teamId: z.string(), certificateExpiresAt: z.string() })
    .nullable(),
});
export type WalletConfig = z.infer<typeof WalletConfigSchema>;

/** The two kinds of wallet account, as the platform's account routes name them. */
export const WALLET_KINDS = ['apple', 'google'] as const;
export const WalletKindParamsSchema = z.object({
  kind: z.enum(WALLET_KINDS, { error: 'The wallet is apple or google' }),
});
export type WalletKind = (typeof WALLET_KINDS)[number];

/**
 * The platform's own wallet accounts (decision 099), which sign the passes of organizers who set
 * up none of their own, and how many organizers have their own of each kind (theirs comes first).
 */
export const PlatformWalletConfigSchema = WalletConfigSchema.extend({
  organizersWithOwn: z.object({ apple: z.number().int(), google: z.number().int() }),
});
export type PlatformWalletConfig = z.infer<typeof PlatformWalletConfigSchema>;

export const GoogleSaveLinkSchema = z.object({ url: z.string() });
export type GoogleSaveLink = z.infer<typeof GoogleSaveLinkSchema>;

/** Which passes a ticket's holder can add: each only when its account is configured. */
export const TicketWalletOffersSchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type TicketWalletOffers = z.infer<typeof TicketWalletOffersSchema>;

// Apple's pass web service (decision 089), at `<webServiceURL>/v1/…` as Wallet calls it.

/** The URL a pass names as its web service, under which Wallet calls `/v1/…`. */
export const APPLE_PASS_SERVICE_PATH = '/api/wallet/apple';

const PASS_TYPE_ID = z.string().max(200);
export const ApplePassRegistrationParamsSchema = z.object({
  deviceLibraryIdentifier: z.string().min(1).max(200),
  passTypeIdentifier: PASS_TYPE_ID,
  serialNumber: z.string().max(100),
});
export const ApplePassDeviceParamsSchema = ApplePassRegistrationParamsSchema.omit({
  serialNumber: true,
});
export const ApplePassParamsSchema = ApplePassRegistrationParamsSchema.omit({
  deviceLibraryIdentifier: true,
});
export const ApplePassRegisterBodySchema = z.object({
  pushToken: z.string().trim().min(1).max(200),
});
export const ApplePassUpdatedQuerySchema = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,16}$/, { error: 'passesUpdatedSince is a tag this service gave' })
    .optional(),
});
export const ApplePassUpdatedSchema = z.object({
  serialNumbers: z.array(z.string()),
  lastUpdated: z.string(),
});
export const ApplePassLogBodySchema = z.object({
  logs: z.array(z.string().max(2000)).max(100),
});
