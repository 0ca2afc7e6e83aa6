import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import type { TranslatedLocale } from './api';
import { EditorToolbar, type ExplicitSave } from './explicit-save';

/**
 * A document's versions (a help article's, a site page's) loaded, and the chosen language's
 * version (null when there is none yet) handed to its form. The form starts afresh when the
 * language or the saved version changes.
 */
export function TranslationVersion<V extends { language: string; updatedAt: string }>({
  versions,
  language,
  children,
}: {
  versions: UseQueryResult<{ items: V[] }>;
  language: TranslatedLocale;
  children: (version: V | null) => ReactNode;
}) {
  const { t } = useLingui();
  if (versions.isPending) return <Spinner />;
  if (versions.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(versions.error, t`The translations could not be loaded.`)}
      </Alert>
    );
  const version = versions.data.items.find((v) => v.language === language) ?? null;
  return (
    <Fragment key={`${language}:${version?.updatedAt ?? 'new'}`}>{children(version)}</Fragment>
  );
}

/** A version's status, its problem, and the toolbar (save, preview) with Remove once it exists. */
export function VersionToolbar({
  editing,
  exists,
  removing,
  onRemove,
}: {
  editing: ExplicitSave;
  exists: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <p role="status" className="text-sm text-muted-foreground">
        {editing.status}
      </p>
      {editing.problem ? <Alert variant="destructive">{editing.problem}</Alert> : null}
      <EditorToolbar form={editing} saveLabel={t`Save translation`}>
        {exists ? (
          <Button variant="destructive" className="ms-auto" disabled={removing} onClick={onRemove}>
            <Trans>Remove translation</Trans>
          </Button>
        ) : null}
      </EditorToolbar>
    </>
  );
}
