/**
 * What other features may use of the rubric feature: the question widgets shared by rubric questions and
 * scenario form questions (spec 001 §2 'question create and edit modals'), the question view and the sortable
 * list both screens order their questions in. The rubric pages themselves are loaded lazily by the router
 * and are not exported here, so importing this stays light.
 */
export { AnswersEditor, type AnswersEditorProps } from './AnswersEditor';
export { QuestionModal, type QuestionModalProps, type QuestionSaveRequest } from './QuestionModal';
export { ItemActions, type ItemActionsProps, QuestionView } from './QuestionView';
export { currentAnswers, draftOf, isQuestionType, newQuestionDraft, type QuestionDraft } from './question-draft';
export { QuestionHtml, questionPlainText, RICH_TEXT_CLASS, sanitizeQuestionHtml } from './question-html';
export type { RichTextEditorProps } from './RichTextEditor';
export { loadRichTextEditor } from './rich-text-loader';
export { rubricsRoutes } from './rubrics-routes';
export { type MoveAnnouncement, SortableList, type SortableListProps } from './SortableList';
