import { useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import type { ReportTarget } from '../../../contracts/admin';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useSession } from '../session';
import { lazyPage } from '../../app/lazy-page';

// The dialog (reasons, form, request) loads on the first click: the button sits on pages whose
// first load is watched (event page, chats, profiles) and is rarely used.
const ReportDialog = lazyPage(() => import('./report-dialog').then((m) => m.ReportDialog));

/**
 * "Report" for an event, a message, a profile or an event review. Shown to signed-in
 * people other than the author; the server refuses the rest anyway.
 */
export function ReportButton({
  targetType,
  targetId,
  authorId,
  label,
  what,
  size = 'sm',
  variant = 'ghost',
  className,
}: {
  targetType: ReportTarget;
  targetId: string;
  /** Hidden for the author of the thing (nobody reports their own). */
  authorId?: string | null;
  /** The button's text; "Report" when left out. */
  label?: string;
  /** What is reported, for the accessible name and the dialog title ("this event"). */
  what: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const { t } = useLingui();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (!user || (authorId && user.id === authorId)) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        aria-label={label ? `${label} ${what}` : t`Report ${what}`}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className="size-4" />
        {size === 'icon' ? null : (label ?? t`Report`)}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onOpenChange={setOpen}
            targetType={targetType}
            targetId={targetId}
            what={what}
          />
        </Suspense>
      ) : null}
    </>
  );
}
