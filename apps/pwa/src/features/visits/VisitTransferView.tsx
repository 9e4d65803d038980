import { transferRequestSchema, VISIT_MESSAGES } from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner } from '@simvisit/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SubView, type SubViewProps } from './VisitSubView';
import { transferUsersQuery, visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** SP transfer (spec 002 §2.2): pick another SP of the scenario; the visit is replaced with the returned one. */
export function VisitTransferView({ data, onDone, onChanged }: SubViewProps) {
  const users = useQuery(transferUsersQuery(data.visit.id));
  const selectId = useId();
  useEffect(() => {
    if (users.error) notifyFailure(VISIT_MESSAGES.transferDataError, users.error);
  }, [users.error]);
  // The SP to hand the visit to, by the shared rule of the call; a refusal is a notice, its words under the select.
  const transfer = useApiForm({
    schema: transferRequestSchema,
    defaultValues: { sp_id: '' },
    submit: async ({ sp_id }) => {
      const { visit, message } = await visitCalls.transfer(data.visit.id, sp_id);
      notifySuccess(message);
      await onChanged(visit);
      onDone();
    },
    onError: (_failure, error) => notifyFailure(VISIT_MESSAGES.transferError, error),
  });
  const spId = transfer.form.watch('sp_id');
  const picked = transfer.field('sp_id', selectId);
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
            if (spId) void transfer.onSubmit();
          }}
        >
          <SelectField
            id={picked.id}
            name={picked.name}
            label={T.transferSelect}
            placeholder={T.transferPlaceholder}
            options={options}
            value={spId}
            error={picked.error}
            onChange={(e) => {
              transfer.form.setValue('sp_id', e.target.value);
              transfer.form.clearErrors('sp_id');
            }}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={!spId || transfer.submitting} aria-busy={transfer.submitting}>
            {T.transferSubmit}
          </Button>
        </form>
      ) : null}
    </SubView>
  );
}
