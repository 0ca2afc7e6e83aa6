import { z } from 'zod';

// Wallet passes (decision 075): an organizer's Google Wallet service account, and the save link
// a ticket holder opens. The private key is written, never read back.

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

export const WalletConfigSchema = z.object({
  google: z.object({ issuerId: z.string(), serviceAccountEmail: z.string() }).nullable(),
  /** Apple Wallet passes are not offered yet (decision 075). */
  apple: z.null(),
});
export type WalletConfig = z.infer<typeof WalletConfigSchema>;

export const GoogleSaveLinkSchema = z.object({ url: z.string() });
