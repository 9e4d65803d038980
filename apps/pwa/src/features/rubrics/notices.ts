/** The error titles of spec 001 §8 for the rubric screens; the content is the server's message. */
export const RUBRIC_ERROR_TITLES = {
  loadList: 'Error loading rubrics.',
  load: 'Error Loading Rubric',
  create: 'Error creating rubric.',
  clone: 'Error Cloning Rubric',
  delete: 'Error Deleting Rubric',
  publish: 'Error Publishing Rubric',
  save: 'Error saving rubric.',
  deleteQuestion: 'Error Deleting Question.',
} as const;

/** The warning of spec 001 §8 when a drag reorder is refused; the old order is put back. */
export const REORDER_WARNING = 'There was an error reordering the questions.';
