import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../auth/signed-in';
import { AvailabilityCard } from '../availability/AvailabilityCard';

/**
 * The profile page (spec 000 §2.13). This release has the Availability card; the other sections (personal
 * information with inline fields, the profile image, notification settings, licenses and experience, the
 * partner's registration fields, and the legal links) are added in the marked place below.
 */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const session = useSignedInSession();
  const { user } = session;
  // A super admin holds every permission (the server lists them all), so one check covers both.
  const canEditAvailability = session.permissions.includes('user.availability');
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">My Profile</h1>
        <p className="mt-1 text-sm text-slate-600">
          {user.name || `${user.first_name} ${user.last_name}`} · {user.email}
        </p>
      </div>
      {/* Profile sections (spec 000 §2.13): personal information, image, notification toggles, licenses. */}
      {canEditAvailability ? <AvailabilityCard /> : null}
    </div>
  );
}
