import {
  type AgreementFigureDto,
  SCORING_AGREEMENT_MESSAGES as M,
  QUESTION_TYPE_LABELS,
  type QuestionTypeId,
  type ScoringQuestion,
} from '@simvisit/schema';
import { defineColumns } from '@simvisit/ui';

/** One month of one scorer's drift, as a row of the drift table. */
export interface DriftRow {
  user_id: number;
  name: string;
  month: string;
  drift: number;
  visits: number;
  flagged: boolean;
  drifting: boolean;
}

/** What a figure shows when it cannot be computed (no variation) and when it does not apply to the question. */
export const NOT_COMPUTABLE = 'Not computable';
export const NOT_APPLICABLE = '—';

const fixed = (v: number) => v.toFixed(2);
export const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;

/** The figure as text, with the too-few mark in words so it never rests on colour alone. */
export function figureText(f: AgreementFigureDto | null, format: (v: number) => string = fixed): string {
  if (f === null) return NOT_APPLICABLE;
  const value = f.value === null ? NOT_COMPUTABLE : format(f.value);
  return f.flagged ? `${value} · ${M.tooFew(f.visits)}` : value;
}

function FigureCell({ figure, format }: { figure: AgreementFigureDto | null; format?: (v: number) => string }) {
  const text = figureText(figure, format);
  const [value, note] = text.split(' · ');
  return (
    <span className="tabular-nums">
      {value}
      {note ? <span className="ml-1 block text-xs font-medium text-amber-800">{note}</span> : null}
    </span>
  );
}

const figureColumn = (id: keyof ScoringQuestion, header: string, format?: (v: number) => string) => ({
  id,
  header,
  align: 'end' as const,
  sortable: true,
  value: (q: ScoringQuestion) => (q[id] as AgreementFigureDto | null)?.value ?? null,
  cell: (q: ScoringQuestion) => <FigureCell figure={q[id] as AgreementFigureDto | null} format={format} />,
});

export const questionColumns = defineColumns<ScoringQuestion>([
  { id: 'question', header: 'Question', value: (q) => q.question, sortable: true, className: 'max-w-md whitespace-normal' },
  { id: 'type', header: 'Type', value: (q) => QUESTION_TYPE_LABELS[q.question_type_id as QuestionTypeId] ?? '' },
  { id: 'visits', header: 'Visits', value: (q) => q.visits, align: 'end', sortable: true },
  { id: 'pairs', header: 'Pairs', value: (q) => q.pairs, align: 'end' },
  figureColumn('percent_agreement', 'Percent agreement', percent),
  figureColumn('kappa', "Cohen's kappa"),
  figureColumn('ac1', "Gwet's AC1"),
  figureColumn('weighted_kappa', 'Weighted kappa'),
  { id: 'note', header: 'Note', value: (q) => (q.percent_agreement.flagged ? M.tooFew(q.visits) : '') },
]);

const signed = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}`;

export const driftColumns = defineColumns<DriftRow>([
  { id: 'name', header: 'Scorer', value: (r) => r.name, sortable: true },
  { id: 'month', header: 'Month', value: (r) => r.month, sortable: true },
  { id: 'drift', header: 'Drift (points)', value: (r) => r.drift, cell: (r) => signed(r.drift), align: 'end', sortable: true },
  { id: 'visits', header: 'Visits', value: (r) => r.visits, align: 'end' },
  {
    id: 'note',
    header: 'Note',
    value: (r) => [r.drifting ? M.drifting : '', r.flagged ? M.tooFew(r.visits) : ''].filter(Boolean).join(' · '),
    cell: (r) => (
      <span className="font-medium">
        {r.drifting ? <span className="text-red-700">{M.drifting}</span> : null}
        {r.drifting && r.flagged ? ' · ' : null}
        {r.flagged ? <span className="text-amber-800">{M.tooFew(r.visits)}</span> : null}
      </span>
    ),
  },
]);
