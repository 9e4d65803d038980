import { USER_MANAGEMENT_MESSAGES } from '@simvisit/schema';
import { Alert, Button, Spinner } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { ActivityCard } from './ActivityCard';
import { AvailabilitiesCard } from './AvailabilitiesCard';
import { FilesCard } from './FilesCard';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { PasswordCard } from './PasswordCard';
import { useCan } from './permissions';
import { useUserDetail } from './queries';
import { RolesCard } from './RolesCard';
import { UserSummaryCard } from './UserSummaryCard';

function ReturnToList() {
  return (
    <Button asChild variant="secondary">
      <Link to="/management/users">Return to User List</Link>
    </Button>
  );
}

/** One user of the caller's partners (spec 000 §2.14): details, password, notifications, activity, roles. */
export function UserDetailPage({ userId }: { userId: number }) {
  const { data, error, isPending, isError } = useUserDetail(userId);
  const session = useSignedInSession();
  const can = useCan();
  useDocumentTitle(data ? `${data.user.name} | User Management` : 'User Management');

  if (isPending) return <Spinner label="Loading user" />;
  if (isError) {
    return (
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">User Management</h1>
          <ReturnToList />
        </div>
        <Alert tone="danger" role="alert">
          <h2 className="text-base font-semibold">{USER_MANAGEMENT_MESSAGES.loadError}</h2>
          <p>{errorMessage(error)}</p>
        </Alert>
      </div>
    );
  }

  const { user } = data;
  const partnerKey = session.partner?.id ?? 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight text-slate-900">{user.name}</h1>
        <ReturnToList />
      </div>
      <UserSummaryCard user={user} />
      {can('user.edit') ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PasswordCard userId={user.id} />
          <NotificationSettingsCard key={user.id} user={user} />
        </div>
      ) : null}
      <ActivityCard userId={user.id} kind="visits" title="Visits" items={user.visits} total={user.visits_total} emptyText="No Visits" />
      <ActivityCard
        userId={user.id}
        kind="training_sessions"
        title="Training Sessions"
        items={user.training_sessions}
        total={user.training_sessions_total}
        emptyText="No Training Sessions"
      />
      <ActivityCard
        userId={user.id}
        kind="interviews"
        title="Interviews"
        items={user.interviews}
        total={user.interviews_total}
        emptyText="No Interviews"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <AvailabilitiesCard availabilities={user.availabilities} />
        <FilesCard user={user} />
      </div>
      {can('user_role.edit') ? <RolesCard key={`${user.id}-${partnerKey}`} detail={data} partner={session.partner} /> : null}
    </div>
  );
}
