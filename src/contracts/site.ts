import { z } from 'zod';

// Public site settings the web shell shows (footer contact details, product title).
export const SiteInfoSchema = z.object({
  appName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  /** A notice shown on every page while set in /admin/settings (empty: none). */
  maintenanceBanner: z.string(),
  version: z.string(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
