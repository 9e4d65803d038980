import { addObserverRequestSchema, VISIT_MESSAGES } from '@simvisit/schema';
import { Alert, Button, SelectField, Spinner } from '@simvisit/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { SubView, type SubViewProps } from './VisitSubView';
import { observerUsersQuery, visitCalls } from './visit-api';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** Manage observers (spec 002 §2.2): the assigned ones with Remove, and add from a select (super admins). */
export function VisitObserversView({ data, onDone, onChanged }: SubViewProps) {
  const candidates = useQuery(observerUsersQuery(data.visit.id));
  const selectId = useId();
  useEffect(() => {
    if (candidates.error) notifyFailure(VISIT_MESSAGES.observersError, candidates.error);
  }, [candidates.error]);
  // The observer to add, by the shared rule of the call; a refusal is a notice, and its words go under the select.
  const add = useApiForm({
    schema: addObserverRequestSchema,
    defaultValues: { add_observer_id: '' },
    submit: async ({ add_observer_id }, form) => {
      const { visit, message } = await visitCalls.addObserver(data.visit.id, add_observer_id);
      notifySuccess(message);
      form.reset({ add_observer_id: '' });
      await onChanged(visit);
      await candidates.refetch();
    },
    onError: (_failure, error) => notifyFailure(VISIT_MESSAGES.observerAddError, error),
  });
  const userId = add.form.watch('add_observer_id');
  const picked = add.field('add_observer_id', selectId);
  const remove = useMutation({
    mutationFn: (id: number) => visitCalls.removeObserver(data.visit.id, id),
    onSuccess: async ({ visit, message }) => {
      notifySuccess(message);
      await onChanged(visit);
      await candidates.refetch();
    },
    onError: (error) => notifyFailure(VISIT_MESSAGES.observerRemoveError, error),
  });
  const busy = add.submitting || remove.isPending;
  const options = (candidates.data?.observer_users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  return (
    <SubView title={T.observersTitle} onBack={onDone}>
      {data.visit.observer_users.length === 0 ? <p className="text-sm text-slate-600">{T.noObservers}</p> : null}
      <ul className="divide-y divide-slate-100" aria-label={T.observers}>
        {data.visit.observer_users.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-slate-900">
              {o.user.name}
              {o.user.email ? <span className="text-slate-500"> ({o.user.email})</span> : null}
              {o.is_complete ? <span className="ml-2 text-xs font-medium text-green-700">{T.scored}</span> : null}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || o.is_complete}
              onClick={() => remove.mutate(o.user_id)}
              aria-label={`${T.remove} ${o.user.name}`}
            >
              {T.remove}
            </Button>
          </li>
        ))}
      </ul>
      {candidates.isPending ? <Spinner label="Loading observers" /> : null}
      {candidates.isError ? (
        <Alert tone="danger" title={VISIT_MESSAGES.observersError}>
          {errorMessage(candidates.error)}
        </Alert>
      ) : null}
      {options.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (userId) void add.onSubmit();
          }}
        >
          <SelectField
            id={picked.id}
            name={picked.name}
            label={T.observerSelect}
            placeholder={T.observerPlaceholder}
            options={options}
            value={userId}
            error={picked.error}
            onChange={(e) => {
              add.form.setValue('add_observer_id', e.target.value);
              add.form.clearErrors('add_observer_id');
            }}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={!userId || busy} aria-busy={add.submitting}>
            {T.addObserver}
          </Button>
        </form>
      ) : null}
    </SubView>
  );
}
