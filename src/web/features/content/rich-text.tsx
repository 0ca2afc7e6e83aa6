import { useLingui } from '@lingui/react/macro';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
} from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { uploadPostImage } from './api';

// The rich-text editor shared by the blog editor and the site-page editor (Tiptap, ~100 KB gzip).
// Only those editor pages import this file, so their chunks alone carry Tiptap.

const EDITING_CLASSES =
  'min-h-72 rounded-b-md border border-t-0 border-input bg-background px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_a]:text-primary [&_a]:underline [&_img]:max-w-full [&_p]:my-2';

/** How a preview shows the editor's HTML: the same shapes the public pages give it. */
export const PREVIEW_CLASSES =
  'min-h-72 space-y-3 rounded-md border border-border p-4 [&_a]:text-primary [&_a]:underline [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6';

/** A Tiptap editor with the elements the server's sanitizer keeps (decision 022). */
export function useRichTextEditor(params: {
  content: string;
  label: string;
  onUpdate: () => void;
}) {
  return useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image],
    content: params.content,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': params.label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: EDITING_CLASSES,
      },
    },
    onUpdate: () => params.onUpdate(),
  });
}

/** The toolbar and the editing surface. */
export function RichTextArea({
  editor,
  onError,
}: {
  editor: Editor;
  onError: (message: string) => void;
}) {
  return (
    <>
      <Toolbar editor={editor} onError={onError} />
      <EditorContent editor={editor} />
    </>
  );
}

/**
 * What the editor produced, shown as readers will see it. The server sanitizes it again when it
 * is saved, so this never shows anything a reader could not be shown.
 */
export function RichTextPreview({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ?? PREVIEW_CLASSES}
      data-testid="rich-text-preview"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className="rounded p-1.5 hover:bg-muted aria-pressed:bg-primary-soft aria-pressed:text-primary"
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, onError }: { editor: Editor; onError: (message: string) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();
  const { t } = useLingui();
  return (
    <div
      role="toolbar"
      aria-label={t`Formatting`}
      className="flex flex-wrap gap-1 rounded-t-md border border-input bg-muted/40 p-1"
    >
      <ToolButton
        label={t`Bold`}
        active={editor.isActive('bold')}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Italic`}
        active={editor.isActive('italic')}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Heading`}
        active={editor.isActive('heading', { level: 2 })}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Subheading`}
        active={editor.isActive('heading', { level: 3 })}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Bulleted list`}
        active={editor.isActive('bulletList')}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Numbered list`}
        active={editor.isActive('orderedList')}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Quote`}
        active={editor.isActive('blockquote')}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton
        label={t`Link`}
        active={editor.isActive('link')}
        onClick={() => {
          if (editor.isActive('link')) return void chain().unsetLink().run();
          const href = window.prompt(t`Link address (https://…)`);
          if (href) chain().setLink({ href }).run();
        }}
      >
        <Link2 aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label={t`Insert image`} onClick={() => fileInput.current?.click()}>
        <ImagePlus aria-hidden="true" className="size-4" />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t`Image to insert`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          uploadPostImage(file).then(
            ({ url }) =>
              chain()
                .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
                .run(),
            (error: unknown) => onError(errorMessage(error, t`The image could not be uploaded.`)),
          );
        }}
      />
    </div>
  );
}
