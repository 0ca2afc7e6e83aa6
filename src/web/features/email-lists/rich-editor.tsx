import { useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Redo2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The campaign body editor (tiptap), loaded only when a campaign is opened. It produces HTML;
 * the server sanitizes it again whatever the editor sent.
 */
export default function RichEditor({
  id,
  value,
  onChange,
  labelledBy,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const { t } = useLingui();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class:
          'prose min-h-48 max-w-none rounded-b-md border border-input bg-background p-3 text-sm focus:outline-2 focus:outline-ring',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  if (!editor) return null;
  const tool = (label: string, icon: ReactNode, run: () => void, active = false) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={label}
      onClick={run}
      className={`rounded p-1.5 hover:bg-muted ${active ? 'bg-muted' : ''}`}
    >
      {icon}
    </button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div>
      <div
        role="toolbar"
        aria-label={t`Formatting`}
        className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-input p-1"
      >
        {tool(
          t`Bold`,
          <Bold className="size-4" aria-hidden="true" />,
          () => chain().toggleBold().run(),
          editor.isActive('bold'),
        )}
        {tool(
          t`Italic`,
          <Italic className="size-4" aria-hidden="true" />,
          () => chain().toggleItalic().run(),
          editor.isActive('italic'),
        )}
        {tool(
          t`Heading`,
          <Heading2 className="size-4" aria-hidden="true" />,
          () => chain().toggleHeading({ level: 2 }).run(),
          editor.isActive('heading'),
        )}
        {tool(
          t`Bullet list`,
          <List className="size-4" aria-hidden="true" />,
          () => chain().toggleBulletList().run(),
          editor.isActive('bulletList'),
        )}
        {tool(
          t`Numbered list`,
          <ListOrdered className="size-4" aria-hidden="true" />,
          () => chain().toggleOrderedList().run(),
          editor.isActive('orderedList'),
        )}
        {tool(
          t`Link`,
          <Link2 className="size-4" aria-hidden="true" />,
          () => {
            const url = window.prompt(t`Link address (https://…)`);
            if (url) chain().setLink({ href: url }).run();
            else chain().unsetLink().run();
          },
          editor.isActive('link'),
        )}
        {tool(t`Undo`, <Undo2 className="size-4" aria-hidden="true" />, () => chain().undo().run())}
        {tool(t`Redo`, <Redo2 className="size-4" aria-hidden="true" />, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
