import { sql } from 'drizzle-orm';
import {
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_NUMBER_PREFIX,
  PLATFORM_SELLER,
} from '../../../contracts/invoices';
import type { DbExecutor } from '../../db/client';
import { billingProfiles } from '../../db/schema/invoices';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';

/**
 * Demo: the demo organizer issues invoices on request (a buyer of the demo's events asks for one
 * on the order page; automatic issue would mail every demo purchase an invoice) and the platform
 * has its own billing profile, issuing automatically. Left alone once set.
 */
export async function seedInvoices(tx: DbExecutor, params: { now: Date }) {
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${getDemoAccount('organizer').email.toLowerCase()}`);
  const profiles = [
    {
      sellerKey: PLATFORM_SELLER,
      legalName: 'MEA Events Inc.',
      address: '1 Marina Road\nLagos, Nigeria',
      taxId: 'NG-00000001',
      footer: 'MEA Events · support@mea.events',
      numberPrefix: 'MEA-',
    },
    ...(organizer
      ? [
          {
            sellerKey: organizer.id,
            legalName: 'Demo Events Ltd',
            address: '12 Admiralty Way\nLekki, Lagos',
            taxId: 'NG-12345678',
            footer: 'Thank you for coming. Bank: Demo Bank, account 0123456789',
            numberPrefix: DEFAULT_NUMBER_PREFIX,
          },
        ]
      : []),
  ];
  await tx
    .insert(billingProfiles)
    .values(
      profiles.map((p) => ({
        ...p,
        logoUrl: null,
        numberFormat: DEFAULT_NUMBER_FORMAT,
        issueMode:
          p.sellerKey === PLATFORM_SELLER ? ('automatic' as const) : ('on_request' as const),
        updatedAt: params.now,
      })),
    )
    .onConflictDoNothing();
}
