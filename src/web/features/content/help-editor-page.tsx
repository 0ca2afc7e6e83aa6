import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HELP_CATEGORIES, type HelpArticle } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import {
  contentKeys,
  deleteHelpArticle,
  formatDate,
  helpArticleQuery,
  saveHelpArticle,
} from './api';
import { useHelpCategoryName } from './help-categories';
import { EditorHeading, EditorToolbar, useExplicitSave } from './explicit-save';
import { HelpBody } from './help-body';
import { EditorLanguageSelect, HelpTranslationEditor } from './help-translation-editor';
import type { Locale } from '../../../contracts/locales';

// /admin/help/articles/{id}: an admin edits a help article. Help articles are plain text (a blank
// line starts a paragraph; decision 022): the search vector, the assistant's passages and the FAQ
// answers are made from that text, so the editor is a text area with a preview, not the blog's
// rich-text editor. Saving is explicit: the article is live the moment it is saved.

interface Form {
  title: string;
  category: string;
  summary: string;
  body: string;
  isFaq: boolean;
}
const formOf = (a: HelpArticle): Form => ({
  title: a.title,
  category: a.category,
  summary: a.summary,
  body: a.body,
  isFaq: a.isFaq,
});

export function AdminHelpArticlePage() {
  const { id = '' } = useParams();
  // The English article is the source this editor writes, whatever the page's language.
  const article = useQuery({ ...helpArticleQuery(id, 'en'), staleTime: 0 });
  const { t } = useLingui();
  if (article.isPending) return <PageSpinner />;
  if (article.isError)
    return (
      <div className="flex flex-col gap-4">
        <title>{t`Help article not found`}</title>
        <h1 className="text-2xl font-bold">
          <Trans>Help article not found</Trans>
        </h1>
        <Alert variant="destructive">
          {errorMessage(article.error, t`This help article could not be loaded.`)}
        </Alert>
        <Link to="/admin/help" className="text-primary underline">
          <Trans>Back to help and pages</Trans>
        </Link>
      </div>
    );
  return <Editor key={article.data.id} initial={article.data} />;
}

function Editor({ initial }: { initial: HelpArticle }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState<Form>(formOf(initial));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [language, setLanguage] = useState<Locale>('en');
  const { t } = useLingui();
  const categoryName = useHelpCategoryName();
  const lastSaved = formatDate(initial.updatedAt);
  const editing = useExplicitSave({
    initialStatus: t`Last saved ${lastSaved}`,
    failure: t`The article could not be saved.`,
    send: () => saveHelpArticle(saved.id, form),
    onSaved: (article) => {
      setSaved(article);
      setForm(formOf(article));
      client.setQueryData(helpArticleQuery(article.id, 'en').queryKey, article);
      void client.invalidateQueries({ queryKey: contentKeys.help });
    },
  });
  const { errors } = editing;

  const change = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    editing.touch();
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteHelpArticle(saved.id);
      void client.invalidateQueries({ queryKey: contentKeys.help });
      editing.forget();
      void navigate('/admin/help');
    } catch (error) {
      setDeleteError(errorMessage(error, t`The article could not be deleted.`));
    } finally {
      setDeleting(false);
    }
  };

  const category = categoryName(form.category);
  const title = saved.title;
  return (
    <div className="flex flex-col gap-5">
      <title>{t`Edit help article: ${title}`}</title>
      <EditorHeading
        heading={t`Edit help article`}
        address={`/help?article=${saved.slug}`}
        status={language === 'en' ? editing.status : ''}
      />
      <EditorLanguageSelect id="help-edit-language" value={language} onChange={setLanguage} />
      {language !== 'en' ? (
        <HelpTranslationEditor articleId={saved.id} language={language} sourceTitle={saved.title} />
      ) : (
        <>
          {editing.problem ? <Alert variant="destructive">{editing.problem}</Alert> : null}
          <EditorToolbar form={editing} saveLabel={t`Save article`}>
            <Link
              to={`/help?article=${encodeURIComponent(saved.slug)}`}
              target="_blank"
              rel="noopener"
              className="self-center text-sm text-primary underline"
            >
              <Trans>View in the help center</Trans>
            </Link>
            <Button
              variant="destructive"
              className="ms-auto"
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              <Trans>Delete</Trans>
            </Button>
          </EditorToolbar>
          {editing.preview ? (
            <section
              aria-label={t`Preview`}
              className="max-w-3xl rounded-lg border border-border p-6"
            >
              <p className="mb-2 text-sm text-muted-foreground">{category}</p>
              <h2 className="text-3xl font-bold">{form.title}</h2>
              {form.summary ? <p className="mt-2 text-muted-foreground">{form.summary}</p> : null}
              <HelpBody body={form.body} />
            </section>
          ) : (
            <div className="flex max-w-3xl flex-col gap-4">
              <Field id="help-edit-title" label={t`Title`} error={errors.title}>
                <Input
                  id="help-edit-title"
                  value={form.title}
                  onChange={(e) => change('title', e.target.value)}
                  aria-invalid={Boolean(errors.title)}
                  aria-describedby={describedBy('help-edit-title', { error: errors.title })}
                />
              </Field>
              <Field id="help-edit-category" label={t`Category`} error={errors.category}>
                <Select
                  id="help-edit-category"
                  value={form.category}
                  onChange={(e) => change('category', e.target.value)}
                >
                  {HELP_CATEGORIES.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {categoryName(c.slug)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id="help-edit-summary"
                label={t`Summary`}
                hint={t`One sentence, shown in lists and search results.`}
                error={errors.summary}
              >
                <Input
                  id="help-edit-summary"
                  value={form.summary}
                  onChange={(e) => change('summary', e.target.value)}
                  aria-invalid={Boolean(errors.summary)}
                  aria-describedby={describedBy('help-edit-summary', {
                    hint: true,
                    error: errors.summary,
                  })}
                />
              </Field>
              <Field
                id="help-edit-body"
                label={t`Body`}
                hint={t`Plain text; a blank line starts a new paragraph.`}
                error={errors.body}
              >
                <textarea
                  id="help-edit-body"
                  rows={14}
                  value={form.body}
                  onChange={(e) => change('body', e.target.value)}
                  aria-invalid={Boolean(errors.body)}
                  aria-describedby={describedBy('help-edit-body', {
                    hint: true,
                    error: errors.body,
                  })}
                  className="rounded-md border border-input bg-background px-3 py-2 text-sm leading-relaxed"
                />
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={form.isFaq}
                  onChange={(e) => change('isFaq', e.target.checked)}
                />{' '}
                <Trans>Show on the FAQ page</Trans>
              </label>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete this help article?`}
        description={t`“${title}” leaves the help center, the FAQ and the assistant's answers. This cannot be undone.`}
        error={deleteError}
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete article`}
        isPending={deleting}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
