import { cn } from '@simvisit/ui';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect } from 'react';
import { RICH_TEXT_CLASS, sanitizeQuestionHtml } from './question-html';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The question text editor (tiptap, DESIGN.md §7). It offers only what the server keeps (HTML-01): paragraphs,
 * bold, italic, underline, lists, and links typed or pasted as http/https/mailto addresses. An empty editor
 * reports '' so the shared rule says 'Question text is required'.
 */
export function RichTextEditor({ id, label, value, onChange, error, required, disabled }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const attributes = (): Record<string, string> => ({
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    class: cn(
      'min-h-28 max-h-72 overflow-y-auto rounded-b-md border bg-white px-3 py-2 text-sm text-slate-900 focus:outline-none focus:ring-2',
      RICH_TEXT_CLASS,
      error ? 'border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
    ),
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => /^(?:https?:|mailto:)/i.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
    ],
    // The stored text was sanitized by the server; it is sanitized again before the editor parses it.
    content: sanitizeQuestionHtml(value),
    editable: !disabled,
    editorProps: { attributes: attributes() },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Error and disabled state change after the editor exists: its element follows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributes() reads exactly these values
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: attributes() } });
    // No update event: it would report the text as changed and clear the field's message.
    if (editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, error, disabled, required]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
    }),
  });

  const tools: { key: keyof typeof active; label: string; glyph: ReactNode; run: () => void }[] = [
    { key: 'bold', label: 'Bold', glyph: <strong>B</strong>, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: 'Italic', glyph: <em className="font-serif">I</em>, run: () => editor.chain().focus().toggleItalic().run() },
    {
      key: 'underline',
      label: 'Underline',
      glyph: <span className="underline">U</span>,
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      glyph: <span aria-hidden="true">•≡</span>,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      glyph: <span aria-hidden="true">1≡</span>,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ];

  return (
    <div className="space-y-1.5">
      <div className="flex gap-0.5 text-sm font-medium text-slate-700">
        {/* A <label> cannot point at a contenteditable: the editor names itself with aria-labelledby. */}
        <span id={labelId}>{label}</span>
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div>
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={id}
          className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 px-1.5 py-1"
        >
          {tools.map((tool) => (
            <button
              key={tool.key}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={active[tool.key]}
              disabled={disabled}
              onClick={tool.run}
              className={cn(
                'inline-flex size-8 items-center justify-center rounded text-sm text-slate-700 hover:bg-slate-200',
                'focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50',
                active[tool.key] && 'bg-brand-100 text-brand-800',
              )}
            >
              {tool.glyph}
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
