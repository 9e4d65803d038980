import { fullName } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, ProfileAvatar, UploadIcon } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInSession } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { AvailabilityCard } from '../availability';
import { ClientAdminAccessCard } from '../client-admin-requests';
import { CalendarFeedCard } from './CalendarFeedCard';
import { NotificationsCard } from './NotificationsCard';
import { PasswordCard } from './PasswordCard';
import { AddressSection, LicensesSection, PersonalInformationSection, ProfessionalSection } from './ProfileSections';
import { RegistrationFieldsCard } from './RegistrationFieldsCard';

// The cropper is loaded when the dialog first opens (precached for offline like the rest of the build).
const ProfileImageDialog = lazy(() => import('./ProfileImageDialog'));

/**
 * The profile page (spec 000 §2.13): the profile image, inline-editable sections (each field with Save and
 * Cancel), the partner's registration fields, notification settings, the password, the availability card
 * (permission user.availability) and the legal links. Offline, it shows the signed-in user as last saved on
 * the device; saving needs the network.
 */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const session = useSignedInSession();
  const { user } = session;
  const { online } = useSyncState();
  const [imageOpen, setImageOpen] = useState(false);
  const name = user.name || fullName(user);
  // A super admin holds every permission (the server lists them all), so one check covers both.
  const canEditAvailability = session.permissions.includes('user.availability');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card>
        <CardBody padding="lg" className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <ProfileAvatar name={name} image={user.image} alt="Your profile image" className="size-24 text-2xl" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">My Profile</h1>
            <p className="mt-1 truncate text-base font-medium text-slate-800">{name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <Button variant="secondary" onClick={() => setImageOpen(true)} disabled={!online}>
            <UploadIcon className="size-4" />
            Update Profile Image
          </Button>
        </CardBody>
      </Card>
      {imageOpen ? (
        <Suspense fallback={null}>
          <ProfileImageDialog open={imageOpen} onOpenChange={setImageOpen} />
        </Suspense>
      ) : null}

      {!online ? (
        <Alert tone="warning" title="You are offline">
          Your profile is shown as last saved on this device. Changes can be saved when you are back online.
        </Alert>
      ) : null}

      <PersonalInformationSection />
      <AddressSection />
      <ProfessionalSection />
      <LicensesSection />
      <RegistrationFieldsCard />
      <NotificationsCard />
      <PasswordCard />
      <CalendarFeedCard />
      <ClientAdminAccessCard online={online} />
      {canEditAvailability ? <AvailabilityCard /> : null}

      <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-6 gap-y-2 pt-2 pb-4 text-sm">
        <Link to="/privacy-policy" className="text-brand-700 underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
        <Link to="/terms-of-service" className="text-brand-700 underline-offset-4 hover:underline">
          Terms of Service
        </Link>
      </nav>
    </div>
  );
}
