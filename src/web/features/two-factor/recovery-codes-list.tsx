import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/ui/button';

/** Freshly issued recovery codes: shown this once, never again. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4">
      <h3 className="font-semibold">
        <Trans>Your recovery codes</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Each code signs you in once if you lose your phone. Keep them somewhere safe: they are
          shown only now.
        </Trans>
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} dir="ltr" className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button className="self-start" onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </div>
  );
}
