import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { LanguagePicker } from '../../i18n/language-picker';
import { useSiteInfo } from '../../features/site/api';
import { paths } from '../../lib/paths';

const EXPLORE = [
  { to: paths.home(), label: msg`Home` },
  { to: paths.events(), label: msg`Events` },
  { to: paths.vendors(), label: msg`Vendors` },
  { to: paths.auth(), label: msg`Sign In` },
];

const HELP = [
  { to: paths.blog(), label: msg`Blog` },
  { to: paths.help(), label: msg`FAQ` },
  { to: paths.contact(), label: msg`Support` },
];

const LINK =
  'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A phone number as a tel: URL keeps only the leading + and the digits. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function LinkList({
  title,
  links,
}: {
  title: string;
  links: { to: string; label: MessageDescriptor }[];
}) {
  const { i18n } = useLingui();
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={LINK}>
              {i18n._(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const site = useSiteInfo();
  const { t } = useLingui();
  return (
    <footer className="mt-auto border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <LinkList title={t`Explore`} links={EXPLORE} />
        <LinkList title={t`Help`} links={HELP} />
        <div>
          <h2 className="mb-3 text-sm font-semibold">
            <Trans>Contact</Trans>
          </h2>
          {site ? (
            <ul className="flex flex-col gap-2">
              <li>
                <a
                  href={`mailto:${site.contactEmail}`}
                  className={`${LINK} inline-flex items-center gap-2`}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {site.contactEmail}
                </a>
              </li>
              <li>
                <a
                  href={telHref(site.contactPhone)}
                  className={`${LINK} inline-flex items-center gap-2`}
                >
                  <Phone aria-hidden="true" className="size-4" />
                  {site.contactPhone}
                </a>
              </li>
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-muted-foreground">
          <span>
            © {new Date().getFullYear()} {site?.appName}
            {site ? ` · ${t`version ${site.version}`}` : ''}
          </span>
          <span className="flex flex-wrap items-center gap-4">
            <LanguagePicker />
            <Link to={paths.systemHealth()} className={LINK}>
              <Trans>System status</Trans>
            </Link>
          </span>
        </p>
      </div>
    </footer>
  );
}
