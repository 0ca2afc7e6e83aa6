import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SITE_PAGE_SLUGS, type SitePage, type SitePageSlug } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDate, saveSitePage, sitePageQuery } from './api';
import { EditorHeading, EditorToolbar, useExplicitSave } from './explicit-save';
import { RichTextArea, useRichTextEditor } from './rich-text';
import { SitePageContent } from './site-page';
import { EditorLanguageSelect } from './help-translation-editor';
import { PageTranslationEditor } from './page-translation-editor';
import type { Locale } from '../../../contracts/locales';

// /admin/help/pages/{slug}: an admin edits a site page (about, privacy, terms, cookies,
// accessibility, careers) in the blog's rich-text editor. Saving is explicit, not automatic: a
// site page has no draft, so every save is what visitors read at once, and an autosave would
// publish half-written sentences (decision 022).

type Opening = SitePage['openings'][number];

const isSlug = (slug: string | undefined): slug is SitePageSlug =>
  (SITE_PAGE_SLUGS as readonly string[]).includes(slug ?? '');

export function AdminSitePageEditor() {
  const { slug } = useParams();
  const valid = isSlug(slug);
  // Always the stored page, not the 5-minute copy the public page keeps.
  const page = useQuery({
    ...sitePageQuery(valid ? slug : 'about', 'en'),
    staleTime: 0,
    enabled: valid,
  });
  const { t } = useLingui();
  if (!valid)
    return (
      <div className="flex flex-col gap-4">
        <title>{t`Page not found`}</title>
        <h1 className="text-2xl font-bold">
          <Trans>Page not found</Trans>
        </h1>
        <Alert variant="destructive">
          <Trans>There is no site page “{slug}”.</Trans>
        </Alert>
        <Link to="/admin/help" className="text-primary underline">
          <Trans>Back to help and pages</Trans>
        </Link>
      </div>
    );
  if (page.isPending) return <PageSpinner />;
  if (page.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(page.error, t`This page could not be loaded.`)}
      </Alert>
    );
  return <Editor key={slug} initial={page.data} />;
}

function Editor({ initial }: { initial: SitePage }) {
  const client = useQueryClient();
  const [saved, setSaved] = useState<SitePage>(initial);
  const [title, setTitle] = useState(initial.title);
  const [openings, setOpenings] = useState<Opening[]>(initial.openings);
  const [language, setLanguage] = useState<Locale>('en');
  const { t } = useLingui();
  const lastSaved = initial.updatedAt ? formatDate(initial.updatedAt) : '';
  const editing = useExplicitSave({
    initialStatus: initial.updatedAt ? t`Last saved ${lastSaved}` : t`Built-in text`,
    failure: t`The page could not be saved.`,
    send: () =>
      saveSitePage(saved.slug, {
        title,
        bodyHtml: editor?.getHTML() ?? saved.bodyHtml,
        openings,
      }),
    onSaved: (page) => {
      setSaved(page);
      setTitle(page.title);
      // The server's sanitized HTML is what visitors get: show that, not what was sent.
      editor?.commands.setContent(page.bodyHtml, { emitUpdate: false });
      setOpenings(page.openings);
      client.setQueryData(sitePageQuery(page.slug, 'en').queryKey, page);
    },
  });
  const { errors, touch } = editing;
  const editor = useRichTextEditor({
    content: initial.bodyHtml,
    label: t`Page text`,
    onUpdate: touch,
  });

  const changeOpening = (index: number, key: keyof Opening, value: string) => {
    setOpenings((list) => list.map((o, i) => (i === index ? { ...o, [key]: value } : o)));
    touch();
  };

  if (!editor) return <PageSpinner />;
  const pageTitle = saved.title;
  const heading = t`Edit page: ${pageTitle}`;
  return (
    <div className="flex flex-col gap-5">
      <title>{heading}</title>
      <EditorHeading
        heading={heading}
        address={`/${saved.slug}`}
        status={language === 'en' ? editing.status : ''}
      />
      <EditorLanguageSelect id="page-edit-language" value={language} onChange={setLanguage} />
      {language !== 'en' ? (
        <PageTranslationEditor slug={saved.slug} language={language} sourceTitle={saved.title} />
      ) : (
        <>
          {editing.problem ? <Alert variant="destructive">{editing.problem}</Alert> : null}
          <EditorToolbar form={editing} saveLabel={t`Save page`}>
            <Link
              to={`/${saved.slug}`}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'ghost' })}
            >
              <Trans>View the live page</Trans>
            </Link>
          </EditorToolbar>
          {editing.preview ? (
            <section
              aria-label={t`Preview`}
              className="rounded-lg border border-border bg-background p-6 md:p-10"
            >
              <SitePageContent
                headingLevel={2}
                page={{
                  slug: saved.slug,
                  title,
                  bodyHtml: editor.getHTML(),
                  updatedAt: saved.updatedAt,
                  openings,
                }}
              />
            </section>
          ) : (
            <div className="flex max-w-4xl flex-col gap-4">
              <Field id="page-title" label={t`Title`} error={errors.title}>
                <Input
                  id="page-title"
                  value={title}
                  onChange={(e) => {
                    setTitle(e.target.value);
                    touch();
                  }}
                  aria-invalid={Boolean(errors.title)}
                  aria-describedby={describedBy('page-title', { error: errors.title })}
                />
              </Field>
              <div>
                <span className="text-sm font-medium">
                  <Trans>Text</Trans>
                </span>
                <RichTextArea editor={editor} onError={editing.setProblem} />
                {errors.bodyHtml ? (
                  <p className="text-sm text-destructive">{errors.bodyHtml}</p>
                ) : null}
              </div>
              {saved.slug === 'careers' ? (
                <OpeningsEditor
                  openings={openings}
                  errors={errors}
                  onChange={changeOpening}
                  onAdd={() => {
                    setOpenings((list) => [...list, { title: '', location: '', description: '' }]);
                    touch();
                  }}
                  onRemove={(index) => {
                    setOpenings((list) => list.filter((_, i) => i !== index));
                    touch();
                  }}
                />
              ) : null}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function OpeningsEditor({
  openings,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  openings: Opening[];
  errors: Record<string, string>;
  onChange: (index: number, key: keyof Opening, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="openings-heading" className="flex flex-col gap-3">
      <h2 id="openings-heading" className="text-lg font-semibold">
        <Trans>Open positions</Trans>
      </h2>
      {openings.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>None: the careers page says there are no open positions right now.</Trans>
        </p>
      ) : null}
      {openings.map((o, i) => {
        const id = `opening-${i}`;
        const titleError = errors[`openings.${i}.title`];
        const number = i + 1;
        return (
          <fieldset key={i} className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-medium">
              <Trans>Position {number}</Trans>
            </legend>
            <Field id={`${id}-title`} label={t`Position title`} error={titleError}>
              <Input
                id={`${id}-title`}
                value={o.title}
                onChange={(e) => onChange(i, 'title', e.target.value)}
                aria-invalid={Boolean(titleError)}
                aria-describedby={describedBy(`${id}-title`, { error: titleError })}
              />
            </Field>
            <Field id={`${id}-location`} label={t`Location`}>
              <Input
                id={`${id}-location`}
                value={o.location}
                onChange={(e) => onChange(i, 'location', e.target.value)}
              />
            </Field>
            <Field id={`${id}-description`} label={t`Description`}>
              <textarea
                id={`${id}-description`}
                rows={3}
                value={o.description}
                onChange={(e) => onChange(i, 'description', e.target.value)}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
              />
            </Field>
            <Button variant="ghost" size="sm" className="self-start" onClick={() => onRemove(i)}>
              <Trans>Remove position {number}</Trans>
            </Button>
          </fieldset>
        );
      })}
      <Button variant="outline" className="self-start" onClick={onAdd}>
        <Trans>Add a position</Trans>
      </Button>
    </section>
  );
}
