/** The editor (tiptap and ProseMirror) is most of the rich-text code: it loads when a page first opens an editor. */
export const loadRichTextEditor = () => import('./RichTextEditor');
