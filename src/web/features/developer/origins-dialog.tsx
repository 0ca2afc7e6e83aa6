import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_ORIGINS_MAX, type ApiKey } from '../../../contracts/developer';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSetKeyOrigins } from './api';

/**
 * The browser origins one key may be called from (CORS, decision 029). Empty means browsers on
 * other sites are refused; servers, scripts and apps send no Origin and are not affected.
 */
export function OriginsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const save = useSetKeyOrigins();
  const keyName = apiKey.name;
  const max = API_KEY_ORIGINS_MAX;
  const [text, setText] = useState(apiKey.allowedOrigins.join('\n'));
  const fields = fieldErrors(save.error);
  // "allowedOrigins.2" names the third line: say which one.
  const problem = Object.entries(fields).find(([name]) => name.startsWith('allowedOrigins'));
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const problemLine = problem ? lines[Number(problem[0].split('.')[1])] : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: apiKey.id, allowedOrigins: lines }, { onSuccess: onClose });
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t`Allowed origins for “${keyName}”`}
      description={t`Web pages on these sites may call the API with this key from the browser. Leave it empty to allow none: your servers and apps are not affected.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field
          id={`${id}-origins`}
          label={t`Origins, one a line`}
          hint={t`Scheme and host, with a port if not the usual one, e.g. https://www.example.com (at most ${max}).`}
          error={problem ? (problemLine ? `${problemLine}: ${problem[1]}` : problem[1]) : undefined}
        >
          {/* Origins are URLs: they read left to right in every language. */}
          <textarea
            id={`${id}-origins`}
            dir="ltr"
            className="min-h-28 rounded-md border border-input bg-background px-3 py-2 font-mono text-sm"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-origins-hint${problem ? ` ${id}-origins-error` : ''}`}
            spellCheck={false}
            autoCapitalize="off"
          />
        </Field>
        {save.error && !problem ? (
          <Alert variant="destructive">
            {errorMessage(save.error, t`The origins could not be saved.`)}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t`Saving…` : t`Save origins`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
