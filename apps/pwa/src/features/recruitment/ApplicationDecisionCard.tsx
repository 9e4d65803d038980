import {
  type ApproveApplicationRequest,
  approveApplicationSchema,
  RECRUITMENT_MESSAGES as M,
  type PendingUserResponse,
  RATE_MAX,
  type RejectApplicationRequest,
  rejectApplicationSchema,
} from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, Modal, TextAreaField, TextField } from '@simvisit/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useApiForm } from '../../lib/api-form';
import { notifyFailure, notifySuccess } from '../../platform/notices';
import { recruitmentCalls, recruitmentKeys } from './recruitment-api';

interface ApproveValues {
  selected_roles: string[];
  role_rates: Record<string, string>;
}

/**
 * The decision (spec 001 §2, §4, §5): the roles to grant, each with its pay rate where it has one ('Approval needs
 * a rate for each selected role.'), Approve; or Reject with an internal note ('Please provide a rejection note for
 * record keeping purposes.'), which the applicant never sees. Either goes back to the dashboard.
 */
export function ApplicationDecisionCard({ data }: { data: PendingUserResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const applicationId = data.pending_user.id;
  const done = async (message: string) => {
    notifySuccess(message);
    // Leave first: refetched now, the decided applicant would answer 404 and send this page to the user's detail.
    await navigate({ to: '/dashboard' });
    await queryClient.invalidateQueries({ queryKey: recruitmentKeys.all });
  };

  const approve = useApiForm<ApproveValues, ApproveApplicationRequest>({
    schema: approveApplicationSchema,
    defaultValues: { selected_roles: [], role_rates: Object.fromEntries(data.roles.map((r) => [r.key, ''])) },
    fields: data.roles.map((r) => `role_rates.${r.key}`),
    input: (values) => {
      const selected = Array.isArray(values.selected_roles) ? values.selected_roles : values.selected_roles ? [values.selected_roles] : [];
      const rates = Object.fromEntries(
        selected.filter((key) => (values.role_rates[key] ?? '').trim() !== '').map((key) => [key, values.role_rates[key]!.trim()]),
      );
      return { application_id: applicationId, selected_roles: selected, role_rates: rates };
    },
    submit: async (body) => {
      const answer = await recruitmentCalls.approve(body);
      await done(answer.message);
    },
    onError: (failure, error) => {
      if (!failure.explained) notifyFailure(M.approveError, error);
    },
  });
  const selected = approve.form.watch('selected_roles');
  const isSelected = (key: string) => (Array.isArray(selected) ? selected.includes(key) : selected === key);

  const reject = useApiForm<{ note: string }, RejectApplicationRequest>({
    schema: rejectApplicationSchema,
    defaultValues: { note: '' },
    input: (values) => ({ application_id: applicationId, note: values.note }),
    submit: async (body) => {
      const answer = await recruitmentCalls.reject(body);
      setRejecting(false);
      await done(answer.message);
    },
    onError: (failure, error) => {
      if (!failure.explained) notifyFailure(M.rejectError, error);
    },
  });

  return (
    <Card>
      <CardHeader title="Roles and Pay Rates" />
      <CardBody>
        <form className="space-y-4" onSubmit={approve.onSubmit} noValidate>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">Roles to approve</legend>
            {data.roles.map((role) => (
              <div key={role.key} className="flex flex-wrap items-end gap-3">
                <label className="flex min-w-40 items-center gap-2 text-sm text-slate-900">
                  <input type="checkbox" value={role.key} {...approve.form.register('selected_roles')} />
                  {role.label}
                </label>
                {role.rate && isSelected(role.key) ? (
                  <TextField
                    label={`${role.label} rate (USD)`}
                    type="number"
                    min={0}
                    max={RATE_MAX}
                    step="any"
                    inputMode="decimal"
                    className="w-40"
                    {...approve.field(`role_rates.${role.key}`, `rate-${role.key}`)}
                  />
                ) : null}
              </div>
            ))}
            {approve.error('selected_roles') ? (
              <p className="text-sm text-red-700" role="alert">
                {approve.error('selected_roles')}
              </p>
            ) : null}
          </fieldset>
          {approve.failure ? (
            <p className="text-sm text-red-700" role="alert">
              {approve.failure}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={approve.submitting} aria-busy={approve.submitting}>
              Approve
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                reject.reset();
                setRejecting(true);
              }}
            >
              Reject
            </Button>
          </div>
        </form>
      </CardBody>
      <Modal
        open={rejecting}
        onOpenChange={(open) => {
          if (!open && !reject.submitting) setRejecting(false);
        }}
        title="Reject Application"
        description="The note is kept for record keeping and is never shown to the applicant."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={reject.submitting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void reject.onSubmit()} disabled={reject.submitting} aria-busy={reject.submitting}>
              Reject Application
            </Button>
          </>
        }
      >
        <TextAreaField label="Rejection note" rows={4} {...reject.field('note')} />
        {reject.failure ? (
          <p className="text-sm text-red-700" role="alert">
            {reject.failure}
          </p>
        ) : null}
      </Modal>
    </Card>
  );
}
