import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type ApiKey } from '../../../contracts/developer';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { stackedTable } from '../../components/ui/stacked-table';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { CopyButton } from '../../components/copy-button';
import { useApiKeys, useRevokeApiKey } from './api';
import { CreateKeyForm } from './create-key-form';
import { OriginsDialog } from './origins-dialog';
import { WebhooksSection } from './webhooks-section';
import { WidgetSection } from './widget-section';
import { formatDateTime } from '../../lib/dates';

// Code, keys and routes below carry dir="ltr": they read left to right in every language, also
// inside right-to-left text.
// A route written as the API reference writes it; braces would read as a message placeholder.
const patchRoute = 'PATCH /api/v1/events/{id}';

const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : none);

function keyState(key: ApiKey): { label: MessageDescriptor; variant: BadgeVariant } {
  if (key.revokedAt) return { label: msg`Revoked`, variant: 'danger' };
  if (key.expiresAt && new Date(key.expiresAt) <= new Date())
    return { label: msg`Expired`, variant: 'warning' };
  return { label: msg`Active`, variant: 'success' };
}

/** Developer settings: API keys for the public API v1. */
export function DeveloperPage() {
  const { t, i18n } = useLingui();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [editingOrigins, setEditingOrigins] = useState<ApiKey | null>(null);
  const revokingName = revoking?.name ?? '';
  return (
    <PageBody>
      <PageHeader
        title={t`Developer settings`}
        description={t`API keys let your own site, CRM or door app read and update your events and read their orders, attendees and vendors; webhooks tell it when something happens.`}
      />
      <div className="flex flex-col gap-6">
        {secret ? (
          <Alert variant="success">
            <p className="font-medium">
              <Trans>Copy your new key now: it is shown only once.</Trans>
            </p>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                value={secret}
                aria-label={t`New API key`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={secret} label={t`Copy key`} toastTitle={t`Key copied`} />
            </div>
          </Alert>
        ) : null}
        <CreateKeyForm onCreated={setSecret} />
        <section aria-labelledby="keys-title" className="flex flex-col gap-3">
          <h2 id="keys-title" className="text-lg font-semibold">
            <Trans>Your keys</Trans>
          </h2>
          {keys.isPending ? (
            <PageSpinner />
          ) : keys.isError ? (
            <Alert variant="destructive">
              {errorMessage(keys.error, t`Your keys could not be loaded.`)}
            </Alert>
          ) : keys.data.keys.length === 0 ? (
            <p className="text-muted-foreground">
              <Trans>No keys yet. Create one above.</Trans>
            </p>
          ) : (
            <div>
              <table className={stackedTable.table}>
                <thead
                  className={cn('border-b border-border text-muted-foreground', stackedTable.head)}
                >
                  <tr>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Key</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Permissions</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Browser origins</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Last used</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>Expires</Trans>
                    </th>
                    <th scope="col" className="py-2 pe-3">
                      <Trans>State</Trans>
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody className={stackedTable.body}>
                  {keys.data.keys.map((key) => {
                    const state = keyState(key);
                    const creator = key.createdBy?.name;
                    return (
                      <tr key={key.id} className={cn('border-b border-border', stackedTable.row)}>
                        <td
                          data-label={t`Name`}
                          className={cn('py-2 pe-3 font-medium', stackedTable.cell)}
                        >
                          {key.name}
                          {/* The key is the account's; a team member may have made it. */}
                          {creator ? (
                            <span className="block text-xs font-normal text-muted-foreground">
                              <Trans>Created by {creator}</Trans>
                            </span>
                          ) : null}
                        </td>
                        <td data-label={t`Key`} className={cn('py-2 pe-3', stackedTable.cell)}>
                          <code dir="ltr">{key.prefix}</code>
                        </td>
                        <td
                          data-label={t`Permissions`}
                          className={cn('py-2 pe-3', stackedTable.cell)}
                        >
                          {key.scopes.join(', ')}
                        </td>
                        <td
                          data-label={t`Browser origins`}
                          className={cn('py-2 pe-3 break-all', stackedTable.cell)}
                        >
                          {key.allowedOrigins.length ? key.allowedOrigins.join(', ') : t`None`}
                        </td>
                        <td
                          data-label={t`Last used`}
                          className={cn('py-2 pe-3', stackedTable.cell)}
                        >
                          {when(key.lastUsedAt, t`Never`)}
                        </td>
                        <td data-label={t`Expires`} className={cn('py-2 pe-3', stackedTable.cell)}>
                          {when(key.expiresAt, t`Never`)}
                        </td>
                        <td data-label={t`State`} className={cn('py-2 pe-3', stackedTable.cell)}>
                          <Badge variant={state.variant}>{i18n._(state.label)}</Badge>
                        </td>
                        <td data-label="" className={cn('py-2', stackedTable.cell)}>
                          {key.revokedAt ? null : (
                            <div className="flex gap-2">
                              <Button
                                variant="outline"
                                size="sm"
                                onClick={() => setEditingOrigins(key)}
                              >
                                <Trans>
                                  Origins
                                  <span className="sr-only"> of {ph({ keyName: key.name })}</span>
                                </Trans>
                              </Button>
                              <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
                                <Trans>
                                  Revoke
                                  <span className="sr-only"> {ph({ keyName: key.name })}</span>
                                </Trans>
                              </Button>
                            </div>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <WebhooksSection />
        <WidgetSection />
        <section aria-labelledby="docs-title" className="flex flex-col gap-2 text-sm">
          <h2 id="docs-title" className="text-lg font-semibold">
            <Trans>Getting started</Trans>
          </h2>
          <p>
            <Trans>Send the key in the Authorization header:</Trans>
          </p>
          <pre dir="ltr" className="overflow-x-auto rounded bg-muted p-3 text-xs">
            {`curl -H "Authorization: Bearer mea_…" ${window.location.origin}/api/v1/events`}
          </pre>
          <p>
            <Trans>
              Lists come in pages: pass <code dir="ltr">next_cursor</code> back as{' '}
              <code dir="ltr">cursor</code>; pass <code dir="ltr">updated_since</code> to fetch only
              what changed.
            </Trans>{' '}
            <Trans>
              Writes (<code dir="ltr">POST /api/v1/events</code>,{' '}
              <code dir="ltr">{patchRoute}</code>, check-ins) take an{' '}
              <code dir="ltr">Idempotency-Key</code> header, so a retry never does the work twice.
            </Trans>{' '}
            <Trans>
              Each key may make 120 requests a minute (see the <code dir="ltr">RateLimit-*</code>{' '}
              headers).
            </Trans>{' '}
            <Trans>
              Browsers on other sites may use a key only from the origins you allow for it
              (Origins).
            </Trans>{' '}
            <Trans>
              The full reference is the{' '}
              <a className="text-primary underline" href="/api/docs">
                API documentation
              </a>
              .
            </Trans>
          </p>
        </section>
      </div>
      {editingOrigins ? (
        <OriginsDialog apiKey={editingOrigins} onClose={() => setEditingOrigins(null)} />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t`Revoke this key?`}
        description={t`Anything using “${revokingName}” stops working at once. This cannot be undone.`}
        error={revoke.error ? errorMessage(revoke.error, t`The key could not be revoked.`) : null}
        cancelLabel={t`Keep the key`}
        confirmLabel={t`Revoke key`}
        isPending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
        }}
      />
    </PageBody>
  );
}
