import { clientRequestApproveSchema, CLIENT_REQUEST_MESSAGES as M } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, Spinner } from '@simvisit/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { BrandTag, submittedOn } from './ClientRequestsPage';
import { useApproveClientRequest, useClientRequest } from './client-admin-requests-api';

/** One client admin request (spec 002 §2.8): who asked, the partners to grant, Approve; super admins (the route's guard). */
export function ClientRequestPage({ requestId }: { requestId: number }) {
  useDocumentTitle('Client Admin Request');
  return <ClientRequest requestId={requestId} />;
}

function ClientRequest({ requestId }: { requestId: number }) {
  const detail = useClientRequest(requestId);
  const approve = useApproveClientRequest();
  const navigate = useNavigate();
  const legendId = useId();
  const { form, error, formProps, submitting } = useApiForm({
    schema: clientRequestApproveSchema,
    defaultValues: { selected_partners: [] as number[] },
    input: (values) => ({ ...values, request_id: requestId }),
    submit: async (body) => {
      notifySuccess((await approve.mutateAsync(body)).message);
      void navigate({ to: '/management/clients' });
    },
    onError: (_failure, failed) => notifyAdminCallFailure(failed),
  });
  // A list of boxes is set with setValue (decision 0037): one box alone would register as a single value.
  const selected = form.watch('selected_partners');
  const toggle = (id: number, on: boolean) => form.setValue('selected_partners', on ? [...selected, id] : selected.filter((x) => x !== id));
  const problem = error('selected_partners');

  const back = (
    <Link to="/management/clients" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      {M.back}
    </Link>
  );
  if (detail.isPending) return <Spinner label="Loading request" />;
  if (detail.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="danger" role="alert" title={M.applicationError}>
          {errorMessage(detail.error)}
        </Alert>
        {back}
      </div>
    );
  }
  const { request, partners } = detail.data;
  const approved = request.approved_at !== null;
  return (
    <div className="space-y-6">
      {back}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Client Admin Request</h1>
      <Card>
        <CardBody className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-slate-900">{request.user.name}</h2>
            <BrandTag isSim={request.is_sim} />
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700">Request ID</dt>
            <dd className="text-slate-900">{request.id}</dd>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd className="text-slate-900">{request.user.email}</dd>
            <dt className="font-medium text-slate-700">Date Submitted</dt>
            <dd className="text-slate-900">{submittedOn(request.created_at)}</dd>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <form {...formProps} className="space-y-4">
            {approved ? (
              <Alert tone="info" title={M.alreadyApproved} />
            ) : (
              <fieldset aria-describedby={problem ? `${legendId}-error` : undefined} className="space-y-2">
                <legend id={legendId} className="text-base font-semibold text-slate-900">
                  Partners
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {partners.map((p) => (
                    <label key={p.id} className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-slate-300"
                        checked={selected.includes(p.id)}
                        onChange={(e) => toggle(p.id, e.target.checked)}
                      />
                      {p.long_name}
                    </label>
                  ))}
                </div>
                {problem ? (
                  <p id={`${legendId}-error`} role="alert" className="text-sm text-red-700">
                    {problem}
                  </p>
                ) : null}
              </fieldset>
            )}
            {approved ? null : (
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Approving…' : 'Approve'}
              </Button>
            )}
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
