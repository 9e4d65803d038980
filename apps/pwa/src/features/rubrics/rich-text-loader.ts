/** The editor (tiptap and ProseMirror) is most of the rubric code: it loads with the first question modal. */
export const loadRichTextEditor = () => import('./RichTextEditor');
