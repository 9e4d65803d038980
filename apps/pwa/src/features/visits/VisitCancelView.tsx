import { VISIT_MESSAGES } from '@simvisit/schema';
import { Alert, Button } from '@simvisit/ui';
import { useMutation } from '@tanstack/react-query';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SubView, type SubViewProps } from './VisitSubView';
import { visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** Cancel confirmation (spec 002 §2.2); paid visits are not refunded (spec 002 §4). */
export function VisitCancelView({ data, onDone, onChanged }: SubViewProps) {
  const cancel = useMutation({
    mutationFn: () => visitCalls.cancel(data.visit.id),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      await onChanged(null);
      onDone();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.cancelError, error),
  });
  return (
    <SubView title={T.cancelTitle} onBack={onDone}>
      <p className="text-sm text-slate-800">{T.cancelQuestion}</p>
      {data.visit.scenario.fee > 0 && data.visit.viewer.is_learner ? <Alert tone="warning">{T.cancelNoRefund}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={cancel.isPending}>
          {T.keepVisit}
        </Button>
        <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending} aria-busy={cancel.isPending}>
          {T.cancel}
        </Button>
      </div>
    </SubView>
  );
}
