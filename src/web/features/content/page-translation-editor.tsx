import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SitePageSlug } from '../../../contracts/content';
import { LOCALE_NAMES } from '../../../contracts/locales';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import {
  contentKeys,
  deletePageTranslation,
  formatDate,
  pageTranslationsQuery,
  savePageTranslation,
  type SitePageTranslation,
  type TranslatedLocale,
} from './api';
import { useExplicitSave } from './explicit-save';
import { TranslationVersion, VersionToolbar } from './translation-version';
import { RichTextArea, useRichTextEditor } from './rich-text';

// A site page's version in another language, written by hand beside the English page (the
// source, and what readers of a language without a version see). The careers openings are the
// English page's and are edited there.

export function PageTranslationEditor({
  slug,
  language,
  sourceTitle,
}: {
  slug: SitePageSlug;
  language: TranslatedLocale;
  sourceTitle: string;
}) {
  const versions = useQuery({ ...pageTranslationsQuery(slug), staleTime: 0 });
  return (
    <TranslationVersion versions={versions} language={language}>
      {(version) => (
        <VersionForm slug={slug} language={language} version={version} sourceTitle={sourceTitle} />
      )}
    </TranslationVersion>
  );
}

function VersionForm({
  slug,
  language,
  version,
  sourceTitle,
}: {
  slug: SitePageSlug;
  language: TranslatedLocale;
  version: SitePageTranslation | null;
  sourceTitle: string;
}) {
  const client = useQueryClient();
  const { t } = useLingui();
  const [exists, setExists] = useState(Boolean(version));
  const [title, setTitle] = useState(version?.title ?? '');
  const [removing, setRemoving] = useState(false);
  const languageName = LOCALE_NAMES[language];
  const lastSaved = version ? formatDate(version.updatedAt) : '';
  const editing = useExplicitSave({
    initialStatus: version
      ? t`Last saved ${lastSaved}`
      : t`No version in ${languageName} yet: readers of ${languageName} see the English page.`,
    failure: t`The translation could not be saved.`,
    send: () => savePageTranslation(slug, language, { title, bodyHtml: editor?.getHTML() ?? '' }),
    onSaved: (saved) => {
      setExists(true);
      setTitle(saved.title);
      // The server's sanitized HTML is what readers get: show that, not what was sent.
      editor?.commands.setContent(saved.bodyHtml, { emitUpdate: false });
      void client.invalidateQueries({ queryKey: contentKeys.pages });
    },
  });
  const { errors, touch } = editing;
  const editor = useRichTextEditor({
    content: version?.bodyHtml ?? '',
    label: t`Page text`,
    onUpdate: touch,
  });
  const remove = async () => {
    setRemoving(true);
    try {
      await deletePageTranslation(slug, language);
      editing.forget();
      setExists(false);
      setTitle('');
      editor?.commands.setContent('', { emitUpdate: false });
      void client.invalidateQueries({ queryKey: contentKeys.pages });
    } catch (error) {
      editing.setProblem(errorMessage(error, t`The translation could not be removed.`));
    } finally {
      setRemoving(false);
    }
  };
  if (!editor) return <PageSpinner />;
  return (
    <section aria-label={t`Version in ${languageName}`} className="flex flex-col gap-4">
      <VersionToolbar
        editing={editing}
        exists={exists}
        removing={removing}
        onRemove={() => void remove()}
      />
      <div className="flex max-w-4xl flex-col gap-4">
        <Field
          id="page-tr-title"
          label={t`Title`}
          hint={t`In English: ${sourceTitle}`}
          error={errors.title}
        >
          <Input
            id="page-tr-title"
            lang={language}
            dir="auto"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              touch();
            }}
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy('page-tr-title', { hint: true, error: errors.title })}
          />
        </Field>
        {editing.preview ? (
          <section
            aria-label={t`Preview`}
            lang={language}
            dir="auto"
            className="rounded-lg border border-border bg-background p-6 md:p-10"
            // Sanitized by the server when saved; the preview shows the editor's own HTML.
            dangerouslySetInnerHTML={{ __html: editor.getHTML() }}
          />
        ) : (
          <div lang={language}>
            <span className="text-sm font-medium">
              <Trans>Text</Trans>
            </span>
            <RichTextArea editor={editor} onError={editing.setProblem} />
            {errors.bodyHtml ? <p className="text-sm text-destructive">{errors.bodyHtml}</p> : null}
          </div>
        )}
      </div>
    </section>
  );
}
