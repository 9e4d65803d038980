import { type AuthUser, ROLE } from '@simvisit/schema';
import { Card, CardBody, CardHeader } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { useSignedInSession } from '../../platform/session';
import { EmailRow } from './EmailRow';
import { ProfileFieldRow } from './ProfileFieldRow';

/** Roles that say nothing about the person's work: a learner holding only these still sees 'Licenses'. */
const NEUTRAL_ROLES: readonly number[] = [ROLE.applicant, ROLE.exclude_from_reports];

/**
 * Spec 000 §2.13: "The learner role sees a 'Licenses' section. Other roles see 'Licenses & Experience'".
 * Decision: a learner is someone whose roles are all the learner role (an applicant or report flag aside);
 * anyone who also holds another role (an SP who is a learner elsewhere, a super admin) describes their
 * experience.
 */
export function isLearnerProfile(user: AuthUser): boolean {
  if (user.super_admin === 1) return false;
  const roles = user.user_roles.map((r) => r.role_id).filter((id) => !NEUTRAL_ROLES.includes(id));
  return roles.length > 0 && roles.every((id) => id === ROLE.learner);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{title}</span>} />
      <CardBody className="divide-y divide-slate-100 py-1">{children}</CardBody>
    </Card>
  );
}

export function PersonalInformationSection() {
  return (
    <Section id="profile-personal" title="Personal Information">
      <ProfileFieldRow field="first_name" label="First Name" kind={{ type: 'text', autoComplete: 'given-name' }} />
      <ProfileFieldRow field="last_name" label="Last Name" kind={{ type: 'text', autoComplete: 'family-name' }} />
      <EmailRow />
      <ProfileFieldRow field="dob" label="Date of Birth" kind={{ type: 'date' }} />
      <ProfileFieldRow field="mobile_number" label="Mobile Number" kind={{ type: 'phone' }} />
    </Section>
  );
}

export function AddressSection() {
  return (
    <Section id="profile-address" title="Address">
      <ProfileFieldRow field="address_1" label="Address Line 1" kind={{ type: 'text', autoComplete: 'address-line1' }} />
      <ProfileFieldRow field="address_2" label="Address Line 2" kind={{ type: 'text', autoComplete: 'address-line2' }} />
      <ProfileFieldRow field="city" label="City" kind={{ type: 'text', autoComplete: 'address-level2' }} />
      <ProfileFieldRow field="state_id" label="State" kind={{ type: 'select', lookup: 'states', placeholder: 'Select a state' }} />
      <ProfileFieldRow field="country_id" label="Country" kind={{ type: 'select', lookup: 'countries', placeholder: 'Select a country' }} />
      <ProfileFieldRow
        field="timezone_id"
        label="Time Zone"
        kind={{ type: 'select', lookup: 'timezones', placeholder: 'Select a time zone' }}
      />
    </Section>
  );
}

export function ProfessionalSection() {
  return (
    <Section id="profile-professional" title="Professional Information">
      <ProfileFieldRow field="job_title" label="Job Title" kind={{ type: 'text', autoComplete: 'organization-title' }} />
      <ProfileFieldRow field="company_name" label="Company Name" kind={{ type: 'text', autoComplete: 'organization' }} />
      <ProfileFieldRow
        field="profession_id"
        label="Profession"
        kind={{ type: 'select', lookup: 'professions', placeholder: 'Select a profession' }}
      />
      <ProfileFieldRow
        field="specialty_id"
        label="Specialty"
        kind={{ type: 'select', lookup: 'specialties', placeholder: 'Select a specialty' }}
      />
      <ProfileFieldRow field="medical_degree" label="Medical Degree" kind={{ type: 'text' }} />
    </Section>
  );
}

/** 'Licenses' for learners; 'Licenses & Experience' with years of experience and experience for the others. */
export function LicensesSection() {
  const { user } = useSignedInSession();
  const learner = isLearnerProfile(user);
  return (
    <Section id="profile-licenses" title={learner ? 'Licenses' : 'Licenses & Experience'}>
      <ProfileFieldRow field="license_number" label="License Number" kind={{ type: 'text' }} />
      <ProfileFieldRow field="state_licensed" label="State Licensed" kind={{ type: 'text' }} />
      <ProfileFieldRow field="dea_number" label="DEA Number" kind={{ type: 'text' }} />
      <ProfileFieldRow field="npi_number" label="NPI Number" kind={{ type: 'text' }} />
      {learner ? null : (
        <>
          <ProfileFieldRow field="years_of_experience" label="Years of Experience" kind={{ type: 'number', min: 0 }} />
          <ProfileFieldRow field="experience" label="Experience" kind={{ type: 'textarea' }} />
        </>
      )}
    </Section>
  );
}
