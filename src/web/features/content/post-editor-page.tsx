import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Post } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { contentKeys, deletePost, postQuery, unpublishPost } from './api';
import { RichTextArea, RichTextPreview } from './rich-text';
import { usePostDraft } from './use-post-draft';

// The editor (Tiptap, ~100 KB gzip, in ./rich-text) is part of this page's chunk only:
// /create-post and /edit-post load it; the blog, the home page and everything else never do.

const POST_STATUS_LABELS: Record<Post['status'], MessageDescriptor> = {
  draft: msg`Draft`,
  scheduled: msg`Scheduled`,
  published: msg`Published`,
};

/** /create-post and /edit-post/{id}: blog admins write, autosave, preview, schedule and publish. */
export function PostEditorPage() {
  const { id } = useParams();
  const location = useLocation();
  const {
    data: post,
    isPending,
    isError,
  } = useQuery({ ...postQuery(id ?? ''), enabled: Boolean(id) });
  // Who may write is the route's RoleGuard (blog_admin), declared in routes.tsx.
  if (id && isPending) return <PageSpinner />;
  if (id && isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="destructive">
          <Trans>This post could not be loaded.</Trans>
        </Alert>
      </div>
    );
  // One editor per visit: a new post's editor keeps running when its first save moves it to
  // /edit-post/{id} (it passes its key along in the history state). Remounting there dropped
  // what was typed while that save was on its way, and the caret with it.
  const editorKey =
    (location.state as { editorKey?: string } | null)?.editorKey ??
    post?.id ??
    `new:${location.key}`;
  return <PostEditor key={editorKey} editorKey={editorKey} initial={post ?? null} />;
}

function PostEditor({ initial, editorKey }: { initial: Post | null; editorKey: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t, i18n } = useLingui();
  const [preview, setPreview] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const {
    editor,
    post,
    setPost,
    draft,
    errors,
    status,
    setStatus,
    problem,
    setProblem,
    save,
    publish,
    change,
    uploadCover,
  } = usePostDraft({ initial, editorKey });

  if (!editor) return <PageSpinner />;
  const postTitle = post?.title ?? '';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <title>{post ? t`Edit: ${postTitle}` : t`Write a post`}</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{post ? t`Edit post` : t`Write a post`}</h1>
        <div className="flex items-center gap-3">
          {post ? (
            <Badge variant={post.status === 'published' ? 'success' : 'warning'}>
              {i18n._(POST_STATUS_LABELS[post.status])}
            </Badge>
          ) : null}
          <p role="status" className="text-sm text-muted-foreground">
            {status}
          </p>
        </div>
      </div>
      {problem ? (
        <Alert variant="destructive" className="mb-4">
          {problem}
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="flex flex-col gap-4">
          <Field id="post-title" label={t`Title`} error={errors.title}>
            <Input
              id="post-title"
              value={draft.title}
              onChange={(e) => change('title', e.target.value)}
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy('post-title', { error: errors.title })}
            />
          </Field>
          <Field
            id="post-excerpt"
            label={t`Excerpt`}
            hint={t`One or two sentences for the blog list.`}
            error={errors.excerpt}
          >
            <textarea
              id="post-excerpt"
              rows={2}
              value={draft.excerpt}
              onChange={(e) => change('excerpt', e.target.value)}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm"
              aria-describedby={describedBy('post-excerpt', { hint: true, error: errors.excerpt })}
            />
          </Field>
          <div>
            <div className="flex items-center justify-between">
              <span id="body-label" className="text-sm font-medium">
                <Trans>Body</Trans>
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setPreview((p) => !p)}
                aria-pressed={preview}
              >
                {preview ? t`Back to editing` : t`Preview`}
              </Button>
            </div>
            {preview ? (
              <RichTextPreview html={editor.getHTML()} />
            ) : (
              <RichTextArea editor={editor} onError={setProblem} />
            )}
            {errors.bodyHtml ? <p className="text-sm text-destructive">{errors.bodyHtml}</p> : null}
          </div>
        </div>
        <aside className="flex flex-col gap-4">
          <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
            <Button onClick={() => void save()}>
              <Trans>Save draft</Trans>
            </Button>
            <Button variant="secondary" onClick={() => void publish()}>
              {post?.status === 'published' ? t`Update and view` : t`Publish now`}
            </Button>
            <Field id="publish-at" label={t`Schedule for`}>
              <Input
                id="publish-at"
                type="datetime-local"
                value={publishAt}
                onChange={(e) => setPublishAt(e.target.value)}
              />
            </Field>
            <Button variant="outline" disabled={!publishAt} onClick={() => void publish(publishAt)}>
              <Trans>Schedule</Trans>
            </Button>
            {post && post.status !== 'draft' ? (
              <Button
                variant="ghost"
                onClick={() =>
                  void unpublishPost(post.id).then((p) => {
                    setPost(p);
                    setStatus(t`Back to draft`);
                  })
                }
              >
                <Trans>Unpublish</Trans>
              </Button>
            ) : null}
            {post ? (
              <Button
                variant="destructive"
                onClick={() => {
                  if (!window.confirm(t`Delete this post? This cannot be undone.`)) return;
                  void deletePost(post.id).then(() => {
                    void client.invalidateQueries({ queryKey: contentKeys.blog });
                    void navigate('/blog');
                  });
                }}
              >
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </div>
          <Field id="post-cover" label={t`Cover image`} error={errors.coverImage}>
            {draft.coverImage ? (
              <img
                src={draft.coverImage}
                alt={t`Current cover`}
                className="aspect-video w-full rounded-md object-cover"
              />
            ) : null}
            <Input
              id="post-cover"
              type="file"
              accept="image/*"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void uploadCover(file);
              }}
            />
          </Field>
          <Field id="post-tags" label={t`Tags`} hint={t`Separated by commas.`} error={errors.tags}>
            <Input
              id="post-tags"
              value={draft.tags}
              onChange={(e) => change('tags', e.target.value)}
              aria-describedby={describedBy('post-tags', { hint: true, error: errors.tags })}
            />
          </Field>
          <Field
            id="post-slug"
            label={t`Slug`}
            hint={t`The address: /blog/your-slug.`}
            error={errors.slug}
          >
            <Input
              id="post-slug"
              value={draft.slug}
              onChange={(e) => change('slug', e.target.value)}
              aria-invalid={Boolean(errors.slug)}
              aria-describedby={describedBy('post-slug', { hint: true, error: errors.slug })}
            />
          </Field>
          <Field id="post-seo-title" label={t`SEO title`} error={errors.seoTitle}>
            <Input
              id="post-seo-title"
              value={draft.seoTitle}
              onChange={(e) => change('seoTitle', e.target.value)}
            />
          </Field>
          <Field id="post-seo-description" label={t`SEO description`} error={errors.seoDescription}>
            <textarea
              id="post-seo-description"
              rows={3}
              value={draft.seoDescription}
              onChange={(e) => change('seoDescription', e.target.value)}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            />
          </Field>
        </aside>
      </div>
    </div>
  );
}
