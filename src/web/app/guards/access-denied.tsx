import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { roleLabel, type RoleRequirement } from './access';

/**
 * spec §6 texts. A page gated by a role names the role; a page gated by ownership (an event's
 * tickets, its stream, a ride) has no role to name, so it says who may manage it instead, e.g.
 * "Only the event's organizer can manage its tickets.", and may offer a way back.
 */
export function AccessDenied(
  props: ({ role: RoleRequirement; reason?: never } | { reason: string; role?: never }) & {
    children?: ReactNode;
  },
) {
  // Re-renders on a language switch, and roleLabel reads the active language.
  const { t } = useLingui();
  const roles = props.role === undefined ? '' : roleLabel(props.role);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldX aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">
        <Trans>Access Denied</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>You don&apos;t have the required permissions to access this page.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        {props.role !== undefined ? t`Required role: ${roles}` : props.reason}
      </p>
      {props.children}
    </section>
  );
}
