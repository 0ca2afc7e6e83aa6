import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOCALE_NAMES, type Locale } from '../../../contracts/locales';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
import {
  contentKeys,
  deleteHelpTranslation,
  formatDate,
  helpTranslationsQuery,
  saveHelpTranslation,
  TRANSLATED_LOCALES,
  type HelpTranslation,
  type TranslatedLocale,
} from './api';
import { useExplicitSave } from './explicit-save';
import { TranslationVersion, VersionToolbar } from './translation-version';
import { HelpBody } from './help-body';

// A help article's versions in other languages. English is the article itself (the source the
// other editor writes); a reader whose language has no version reads the English one. Each
// language is written by hand: nothing here is machine translated.

/** Which version the editor shows: English (the source) or one other language. */
export function EditorLanguageSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Locale;
  onChange: (language: Locale) => void;
}) {
  const { t } = useLingui();
  return (
    <Field
      id={id}
      label={t`Language`}
      hint={t`English is the source; a reader whose language has no version reads English.`}
    >
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Locale)}
        aria-describedby={describedBy(id, { hint: true })}
        className="max-w-xs"
      >
        <option value="en">{t`English (source)`}</option>
        {TRANSLATED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function HelpTranslationEditor({
  articleId,
  language,
  sourceTitle,
}: {
  articleId: string;
  language: TranslatedLocale;
  sourceTitle: string;
}) {
  const versions = useQuery({ ...helpTranslationsQuery(articleId), staleTime: 0 });
  return (
    <TranslationVersion versions={versions} language={language}>
      {(version) => (
        <VersionForm
          articleId={articleId}
          language={language}
          version={version}
          sourceTitle={sourceTitle}
        />
      )}
    </TranslationVersion>
  );
}

function VersionForm({
  articleId,
  language,
  version,
  sourceTitle,
}: {
  articleId: string;
  language: TranslatedLocale;
  version: HelpTranslation | null;
  sourceTitle: string;
}) {
  const client = useQueryClient();
  const { t } = useLingui();
  const [exists, setExists] = useState(Boolean(version));
  const [form, setForm] = useState({
    title: version?.title ?? '',
    summary: version?.summary ?? '',
    body: version?.body ?? '',
  });
  const [removing, setRemoving] = useState(false);
  const languageName = LOCALE_NAMES[language];
  const lastSaved = version ? formatDate(version.updatedAt) : '';
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contentKeys.help });
  };
  const editing = useExplicitSave({
    initialStatus: version
      ? t`Last saved ${lastSaved}`
      : t`No version in ${languageName} yet: readers of ${languageName} see the English article.`,
    failure: t`The translation could not be saved.`,
    send: () => saveHelpTranslation(articleId, language, form),
    onSaved: (saved) => {
      setExists(true);
      setForm({ title: saved.title, summary: saved.summary, body: saved.body });
      refresh();
    },
  });
  const { errors } = editing;
  const change = (key: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    editing.touch();
  };
  const remove = async () => {
    setRemoving(true);
    try {
      await deleteHelpTranslation(articleId, language);
      editing.forget();
      setExists(false);
      setForm({ title: '', summary: '', body: '' });
      refresh();
    } catch (error) {
      editing.setProblem(errorMessage(error, t`The translation could not be removed.`));
    } finally {
      setRemoving(false);
    }
  };
  const ids = { title: 'help-tr-title', summary: 'help-tr-summary', body: 'help-tr-body' };
  return (
    <section aria-label={t`Version in ${languageName}`} className="flex flex-col gap-4">
      <VersionToolbar
        editing={editing}
        exists={exists}
        removing={removing}
        onRemove={() => void remove()}
      />
      {editing.preview ? (
        <section
          aria-label={t`Preview`}
          lang={language}
          className="max-w-3xl rounded-lg border border-border p-6"
        >
          <h2 dir="auto" className="text-3xl font-bold">
            {form.title}
          </h2>
          {form.summary ? (
            <p dir="auto" className="mt-2 text-muted-foreground">
              {form.summary}
            </p>
          ) : null}
          <HelpBody body={form.body} />
        </section>
      ) : (
        <div className="flex max-w-3xl flex-col gap-4">
          <Field
            id={ids.title}
            label={t`Title`}
            hint={t`In English: ${sourceTitle}`}
            error={errors.title}
          >
            <Input
              id={ids.title}
              lang={language}
              dir="auto"
              value={form.title}
              onChange={(e) => change('title', e.target.value)}
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy(ids.title, { hint: true, error: errors.title })}
            />
          </Field>
          <Field id={ids.summary} label={t`Summary`} error={errors.summary}>
            <Input
              id={ids.summary}
              lang={language}
              dir="auto"
              value={form.summary}
              onChange={(e) => change('summary', e.target.value)}
              aria-invalid={Boolean(errors.summary)}
              aria-describedby={describedBy(ids.summary, { error: errors.summary })}
            />
          </Field>
          <Field
            id={ids.body}
            label={t`Body`}
            hint={t`Plain text; a blank line starts a new paragraph.`}
            error={errors.body}
          >
            <textarea
              id={ids.body}
              lang={language}
              dir="auto"
              rows={14}
              value={form.body}
              onChange={(e) => change('body', e.target.value)}
              aria-invalid={Boolean(errors.body)}
              aria-describedby={describedBy(ids.body, { hint: true, error: errors.body })}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm leading-relaxed"
            />
          </Field>
        </div>
      )}
    </section>
  );
}
