/**
 * What other features may use of the rubric feature: the question widgets shared by rubric questions and
 * scenario form questions (spec 001 §2 'question create and edit modals') and the question view. The rich
 * text they show and edit is platform/rich-text's, the sortable list packages/ui's. The rubric pages
 * themselves are loaded lazily by the router and are not exported here, so importing this stays light.
 */
export { AnswersEditor, type AnswersEditorProps } from './AnswersEditor';
export { QuestionModal, type QuestionModalProps, type QuestionSaveRequest } from './QuestionModal';
export { ItemActions, type ItemActionsProps, QuestionView } from './QuestionView';
export { currentAnswers, draftOf, isQuestionType, newQuestionDraft, type QuestionDraft } from './question-draft';
export { rubricsRoutes } from './rubrics-routes';
