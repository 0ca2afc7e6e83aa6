import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Post, PostInput } from '../../../contracts/content';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatTime } from '../../lib/dates';
import { contentKeys, formatDate, postQuery, publishPost, savePost, uploadPostImage } from './api';
import { useRichTextEditor } from './rich-text';

const AUTOSAVE_MS = 2000;

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  tags: string;
  seoTitle: string;
  seoDescription: string;
  coverImage: string | null;
}

const emptyDraft: Draft = {
  title: '',
  slug: '',
  excerpt: '',
  tags: '',
  seoTitle: '',
  seoDescription: '',
  coverImage: null,
};

function draftOf(post: Post): Draft {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    tags: post.tags.join(', '),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    coverImage: post.coverImage,
  };
}

function inputOf(draft: Draft, bodyHtml: string): PostInput {
  return {
    title: draft.title,
    slug: draft.slug.trim() || undefined,
    excerpt: draft.excerpt,
    bodyHtml,
    tags: draft.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    coverImage: draft.coverImage,
  };
}

/**
 * A post being written: its fields, the rich-text editor, the saving status line, and save
 * (one at a time, never creating the post twice), autosave two seconds after the last change,
 * publish or schedule, and the cover upload.
 */
export function usePostDraft({ initial, editorKey }: { initial: Post | null; editorKey: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [post, setPost] = useState<Post | null>(initial);
  const [draft, setDraft] = useState<Draft>(initial ? draftOf(initial) : emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useLingui();
  const [status, setStatus] = useState<string>(initial ? t`Saved` : t`Not saved yet`);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = useRef(false);
  const saving = useRef<Promise<Post | null> | null>(null);
  // What a save reads, current even while an earlier save is awaited (a render's closure is not):
  // the latest fields, the post's id once created (a second save must not create it again) and
  // a count of edits, so that a save only marks clean what it actually sent.
  const latest = useRef(initial ? draftOf(initial) : emptyDraft);
  const postId = useRef(initial?.id ?? null);
  const edits = useRef(0);
  const [editCount, setEditCount] = useState(0);
  const touch = () => {
    dirty.current = true;
    edits.current += 1;
    setEditCount(edits.current);
    setStatus(t`Unsaved changes`);
  };

  const editor = useRichTextEditor({
    content: initial?.bodyHtml ?? '',
    label: t`Article body`,
    onUpdate: () => touch(),
  });

  const save = async (): Promise<Post | null> => {
    while (saving.current) await saving.current;
    if (!latest.current.title.trim()) {
      setErrors({ title: t`Title is required` });
      return null;
    }
    const run = (async () => {
      setStatus(t`Saving…`);
      const sent = edits.current;
      const created = postId.current === null;
      try {
        const saved = await savePost(
          postId.current,
          inputOf(latest.current, editor?.getHTML() ?? ''),
        );
        postId.current = saved.id;
        setErrors({});
        setProblem(null);
        setPost(saved);
        client.setQueryData(postQuery(saved.id).queryKey, saved);
        void client.invalidateQueries({ queryKey: contentKeys.blogLists });
        // The server's slug (made from the title, or the typed one normalised), unless the slug
        // field was edited while this save was on its way.
        if (edits.current === sent || !latest.current.slug.trim()) {
          latest.current = { ...latest.current, slug: saved.slug };
          setDraft(latest.current);
        }
        if (edits.current === sent) {
          dirty.current = false;
          const time = formatTime(new Date());
          setStatus(t`Saved at ${time}`);
        } else {
          // Typed while this save was on its way: still unsaved; the autosave sends the rest.
          setStatus(t`Unsaved changes`);
        }
        if (created)
          void navigate(`/edit-post/${saved.id}`, { replace: true, state: { editorKey } });
        return saved;
      } catch (error) {
        setErrors(fieldErrors(error));
        setProblem(errorMessage(error, t`The post could not be saved.`));
        setStatus(t`Not saved`);
        return null;
      } finally {
        saving.current = null;
      }
    })();
    saving.current = run;
    return run;
  };

  // Autosave: two seconds after the last change, once the post has a title.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!dirty.current || !draft.title.trim()) return;
    const timer = setTimeout(() => void saveRef.current(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, status, editCount]);

  const change = (key: keyof Draft, value: string | null) => {
    latest.current = { ...latest.current, [key]: value };
    setDraft(latest.current);
    touch();
  };

  const publish = async (at?: string) => {
    const saved = await save();
    if (!saved) return;
    try {
      const published = await publishPost(saved.id, at ? new Date(at).toISOString() : undefined);
      setPost(published);
      void client.invalidateQueries({ queryKey: contentKeys.blog });
      if (published.status === 'published') void navigate(`/blog/${published.slug}`);
      else {
        const when = formatDate(published.publishedAt);
        setStatus(t`Scheduled for ${when}`);
      }
    } catch (error) {
      setProblem(errorMessage(error, t`The post could not be published.`));
    }
  };

  const uploadCover = async (file: File) => {
    try {
      const { url } = await uploadPostImage(file);
      change('coverImage', url);
    } catch (error) {
      setErrors((e) => ({
        ...e,
        coverImage: errorMessage(error, t`The image could not be uploaded.`),
      }));
    }
  };

  return {
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
  };
}
