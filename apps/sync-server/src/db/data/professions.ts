/**
 * Healthcare professions and learner types offered in profile pickers (alphabetical, "Other" last).
 *
 * Static reference data; imported only by the lookup-table migration.
 */

export const PROFESSIONS: readonly string[] = [
  'Certified Nursing Assistant',
  'Certified Registered Nurse Anesthetist',
  'Chaplain',
  'Dental Student',
  'Dentist',
  'Dietitian',
  'Fellow Physician',
  'Health Professions Educator',
  'Licensed Practical Nurse',
  'Medical Assistant',
  'Medical Student',
  'Midwife',
  'Nurse Practitioner',
  'Nurse Practitioner Student',
  'Nursing Student',
  'Occupational Therapist',
  'Paramedic/EMT',
  'Pharmacist',
  'Pharmacy Student',
  'Physical Therapist',
  'Physician (DO)',
  'Physician (MD)',
  'Physician Assistant',
  'Physician Assistant Student',
  'Psychologist',
  'Registered Nurse',
  'Resident Physician',
  'Respiratory Therapist',
  'Social Worker',
  'Speech-Language Pathologist',
  'Standardized Patient',
  'Standardized Patient Educator',
  'Other',
];
