import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  API_KEY_ORIGINS_MAX,
  UpdateApiKeyInputSchema,
  type ApiKey,
} from '../../../contracts/developer';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSetKeyOrigins } from './api';

const FIELDS = ['origins'] as const;
type OriginsValues = { origins: string };
// One origin a line, blank lines left out: the body's list, as before.
const originLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const originsInput = (values: OriginsValues) => ({ allowedOrigins: originLines(values.origins) });
// "allowedOrigins.2" names the third line: its index, to say which one.
const lineIndex = (path: readonly PropertyKey[] | string) => {
  const parts = typeof path === 'string' ? path.split('.') : path;
  return parts[0] === 'allowedOrigins' && parts.length > 1 ? Number(parts[1]) : undefined;
};
const check = contractResolver<OriginsValues>(UpdateApiKeyInputSchema, originsInput, FIELDS, {
  allowedOrigins: 'origins',
});

/**
 * The browser origins one key may be called from (CORS, decision 029). Empty means browsers on
 * other sites are refused; servers, scripts and apps send no Origin and are not affected.
 */
export function OriginsDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useLingui();
  const save = useSetKeyOrigins();
  const say = useContractText();
  const keyName = apiKey.name;
  const max = API_KEY_ORIGINS_MAX;
  // The line a refusal names (the client's check or the server's), shown before its message.
  const [badLine, setBadLine] = useState<string | undefined>();
  const resolver: Resolver<OriginsValues> = (values, context, options) => {
    const issue = UpdateApiKeyInputSchema.safeParse(originsInput(values)).error?.issues[0];
    const index = issue ? lineIndex(issue.path) : undefined;
    setBadLine(index === undefined ? undefined : originLines(values.origins)[index]);
    return check(values, context, options);
  };
  const form = useForm<OriginsValues>({
    defaultValues: { origins: apiKey.allowedOrigins.join('\n') },
    resolver,
  });
  const failure = form.formState.errors.root?.message;

  async function submit(values: OriginsValues) {
    const allowedOrigins = originLines(values.origins);
    try {
      await save.mutateAsync({ id: apiKey.id, allowedOrigins });
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      const path = Object.keys(fields).find((name) => name.startsWith('allowedOrigins'));
      const index = path ? lineIndex(path) : undefined;
      setBadLine(index === undefined ? undefined : allowedOrigins[index]);
      // A refusal of the list or one of its lines lands on the box; any other shows below it.
      if (!setServerErrors(form, renameFields(fields, { allowedOrigins: 'origins' }), FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The origins could not be saved.`),
        });
    }
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField<OriginsValues>
          name="origins"
          label={t`Origins, one a line`}
          hint={t`Scheme and host, with a port if not the usual one, e.g. https://www.example.com (at most ${max}).`}
          formatError={(message) => (badLine ? `${badLine}: ${say(message)}` : say(message))}
        >
          {(control) => (
            // Origins are URLs: they read left to right in every language.
            <textarea
              {...control}
              dir="ltr"
              className="min-h-28 rounded-md border border-input bg-background px-3 py-2 font-mono text-sm"
              spellCheck={false}
              autoCapitalize="off"
            />
          )}
        </FormField>
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t`Saving…` : t`Save origins`}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
