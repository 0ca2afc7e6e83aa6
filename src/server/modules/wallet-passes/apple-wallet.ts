import { msg } from '@lingui/core/macro';
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { Locale } from '../../../contracts/locales';
import { translator } from '../../platform/i18n/translate';

// An Apple Wallet pass (decision 075): a .pkpass signed with the organizer's pass certificate by
// passkit-generator (a zip of pass.json, the icons, manifest.json with each file's SHA-1 and a
// detached PKCS#7 signature of the manifest). Apple's servers are not reachable here; the test
// reads the zip and checks the signature with a stand-in certificate.

interface ApplePassTicket {
  ticketId: string;
  /** The ticket's current code, its QR code; a transfer changes it. None on a void pass. */
  code: string | null;
  /** None on the pass a previous holder's Wallet fetches after a transfer. */
  holderName: string | null;
  ticketTypeName: string;
  seat?: string;
  event: { title: string; startsAt: string; endsAt: string | null; location: string };
}

export interface AppleCertificates {
  passTypeId: string;
  teamId: string;
  certificatePem: string;
  privateKeyPem: string;
  wwdrPem: string;
}

// The site's ticket mark on its violet, as the favicon, at the three sizes Wallet asks for.
const ICON_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#6d28d9"/><path d="M7 11a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 0-2 2H9a2 2 0 0 0-2-2v-2a3 3 0 0 0 0-6z" fill="#fff"/><path d="m16 11.5 1.3 2.7 2.9.4-2.1 2 .5 2.9-2.6-1.4-2.6 1.4.5-2.9-2.1-2 2.9-.4z" fill="#6d28d9"/></svg>',
);
let icons: Promise<Record<string, Buffer>> | undefined;
const passIcons = () =>
  (icons ??= Promise.all(
    (
      [
        ['icon.png', 29],
        ['icon@2x.png', 58],
        ['icon@3x.png', 87],
      ] as const
    ).map(async ([file, size]) => {
      const png = await sharp(ICON_SVG, { density: size * 6 })
        .resize(size, size)
        .png()
        .toBuffer();
      return [file, png] as const;
    }),
  ).then((entries) => Object.fromEntries(entries)));

/** Why a pass no longer admits (Wallet shows it greyed out, without its code). */
export type ApplePassVoid = 'refunded' | 'cancelled' | 'passed_on';

const VOID_TEXT = {
  refunded: msg`Refunded`,
  cancelled: msg`Cancelled`,
  passed_on: msg`Passed on`,
} as const;

/** The signed .pkpass of one ticket, its labels in the holder's language. */
export async function applePass(params: {
  certificates: AppleCertificates;
  organizationName: string;
  locale: Locale;
  ticket: ApplePassTicket;
  /** Where Wallet registers the pass and fetches its new versions (decision 089). */
  webService?: { url: string; authenticationToken: string };
  voided?: ApplePassVoid;
}): Promise<Buffer> {
  const { certificates, ticket } = params;
  const _ = translator(params.locale);
  const pass = new PKPass(
    await passIcons(),
    {
      wwdr: certificates.wwdrPem,
      signerCert: certificates.certificatePem,
      signerKey: certificates.privateKeyPem,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: certificates.passTypeId,
      teamIdentifier: certificates.teamId,
      // One pass per ticket: a new code (a transfer) replaces the barcode of the same pass.
      serialNumber: ticket.ticketId,
      organizationName: params.organizationName,
      description: _(msg`Ticket for ${ticket.event.title}`),
      logoText: params.organizationName,
      backgroundColor: 'rgb(109, 40, 217)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(221, 214, 254)',
      ...(params.webService
        ? {
            webServiceURL: params.webService.url,
            authenticationToken: params.webService.authenticationToken,
          }
        : {}),
      ...(params.voided ? { voided: true } : {}),
    },
  );
  pass.type = 'eventTicket';
  if (params.voided)
    pass.headerFields.push({
      key: 'status',
      label: _(msg`Status`),
      value: _(VOID_TEXT[params.voided]),
    });
  pass.primaryFields.push({ key: 'event', label: _(msg`Event`), value: ticket.event.title });
  pass.secondaryFields.push(
    {
      key: 'starts',
      label: _(msg`Date`),
      value: ticket.event.startsAt,
      dateStyle: 'PKDateStyleMedium',
      timeStyle: 'PKDateStyleShort',
    },
    { key: 'place', label: _(msg`Place`), value: ticket.event.location },
  );
  pass.auxiliaryFields.push(
    ...(ticket.holderName
      ? [{ key: 'holder', label: _(msg`Name`), value: ticket.holderName }]
      : []),
    { key: 'type', label: _(msg`Ticket`), value: ticket.ticketTypeName },
    ...(ticket.seat ? [{ key: 'seat', label: _(msg`Seat`), value: ticket.seat }] : []),
  );
  if (ticket.code && !params.voided)
    pass.setBarcodes({
      format: 'PKBarcodeFormatQR',
      message: ticket.code,
      messageEncoding: 'iso-8859-1',
    });
  pass.setRelevantDate(new Date(ticket.event.startsAt));
  // A pass greys out once the event is over (or a day after a start without an end).
  pass.setExpirationDate(
    new Date(
      ticket.event.endsAt
        ? Date.parse(ticket.event.endsAt)
        : Date.parse(ticket.event.startsAt) + 86_400_000,
    ),
  );
  return pass.getAsBuffer();
}
