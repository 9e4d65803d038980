import { CLIENT_REQUEST_MESSAGES as M } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { notifyAdminCallFailure, notifySuccess } from '../../platform/notices';
import { useAskClientAdmin, useMyClientRequest } from './client-admin-requests-api';

/**
 * 'Request Client Admin Access' on the profile (decision 0058): shown while the person may ask, then the
 * pending state until a super admin approves; nothing once they are a client admin here.
 */
export function ClientAdminAccessCard({ online }: { online: boolean }) {
  const mine = useMyClientRequest(online);
  const ask = useAskClientAdmin();
  if (!mine.data) return null;
  const pending = mine.data.request !== null && mine.data.request.approved_at === null;
  if (!pending && !mine.data.can_request) return null;
  return (
    <Card>
      <CardHeader title="Client Admin Access" />
      <CardBody className="space-y-3">
        {pending ? (
          <p role="status" className="text-sm text-slate-700">
            {M.pending}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Administer your organisation’s learners and see their visits. A super admin reviews each request.
            </p>
            <Button
              variant="secondary"
              disabled={ask.isPending || !online}
              onClick={() =>
                ask.mutate(undefined, {
                  onSuccess: () => notifySuccess(M.requested),
                  onError: notifyAdminCallFailure,
                })
              }
            >
              {M.ask}
            </Button>
          </>
        )}
      </CardBody>
    </Card>
  );
}
