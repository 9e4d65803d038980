import { VISIT_MESSAGES } from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner } from '@simvisit/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SubView, type SubViewProps } from './VisitSubView';
import { transferUsersQuery, visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** SP transfer (spec 002 §2.2): pick another SP of the scenario; the visit is replaced with the returned one. */
export function VisitTransferView({ data, onDone, onChanged }: SubViewProps) {
  const users = useQuery(transferUsersQuery(data.visit.id));
  const [spId, setSpId] = useState('');
  const selectId = useId();
  useEffect(() => {
    if (users.error) notifyFailure(VISIT_MESSAGES.transferDataError, users.error);
  }, [users.error]);
  const transfer = useMutation({
    mutationFn: () => visitCalls.transfer(data.visit.id, Number(spId)),
    onSuccess: async ({ visit, message }) => {
      notifySuccess(message);
      await onChanged(visit);
      onDone();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.transferError, error),
  });
  const options = (users.data?.sp_users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  return (
    <SubView title={T.transferTitle} onBack={onDone}>
      <p className="text-sm text-slate-700">{T.transferHint}</p>
      {users.isPending ? <Spinner label="Loading the SPs" /> : null}
      {users.isError ? (
        <Alert tone="danger" title={VISIT_MESSAGES.transferDataError}>
          {errorMessage(users.error)}
        </Alert>
      ) : null}
      {users.data && options.length === 0 ? <p className="text-sm text-slate-600">{T.noTransferUsers}</p> : null}
      {options.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (spId) transfer.mutate();
          }}
        >
          <SelectField
            id={selectId}
            label={T.transferSelect}
            placeholder={T.transferPlaceholder}
            options={options}
            value={spId}
            onChange={(e) => setSpId(e.target.value)}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={!spId || transfer.isPending} aria-busy={transfer.isPending}>
            {T.transferSubmit}
          </Button>
        </form>
      ) : null}
    </SubView>
  );
}
