import { cn } from '@simvisit/ui';

const TONES: Record<string, string> = {
  'Interview Requested': 'bg-amber-50 text-amber-800 ring-amber-200',
  'Interview scheduled': 'bg-brand-50 text-brand-800 ring-brand-200',
  'Under Review': 'bg-violet-50 text-violet-800 ring-violet-200',
  Rejected: 'bg-red-50 text-red-800 ring-red-200',
  'Agreement finalized': 'bg-green-50 text-green-800 ring-green-200',
  'Awaiting Review': 'bg-amber-50 text-amber-800 ring-amber-200',
  'Document signing and Payment required': 'bg-brand-50 text-brand-800 ring-brand-200',
  'Payment required': 'bg-brand-50 text-brand-800 ring-brand-200',
};

/** A status as a small coloured label; the words are the spec's status texts. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[status] ?? 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
    >
      {status}
    </span>
  );
}
