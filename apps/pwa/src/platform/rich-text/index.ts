/**
 * Rich text (SECURITY HTML-01): showing stored HTML sanitized, and the tiptap editor loaded on demand. Rubric
 * and scenario form questions, welcome messages, articles and landing pages all write and show it.
 */
export { QuestionHtml, questionPlainText, RICH_TEXT_CLASS, sanitizeQuestionHtml } from './question-html';
export type { RichTextEditorProps } from './RichTextEditor';
export { loadRichTextEditor } from './rich-text-loader';
