/**
 * Contact details printed in the legal texts and on the contact page. They belong to the deployment, so they
 * live here, in one place, and nowhere else.
 */
export const SUPPORT_EMAIL = 'support@simvisit.test';
export const PRIVACY_EMAIL = SUPPORT_EMAIL;
export const SUPPORT_PHONE = '+1 (555) 010-0100';
export const POSTAL_ADDRESS = 'SimVisit Privacy Office, 100 Example Avenue, New York, NY 10001, United States';

export interface Representative {
  name: string;
  address: string;
  email: string;
}

/** The representatives required by Article 27 GDPR and UK GDPR for a provider outside the EU and the UK. */
export const EU_REPRESENTATIVE: Representative = {
  name: 'SimVisit EU Representative',
  address: 'Example Strasse 1, 10115 Berlin, Germany',
  email: 'eu-representative@simvisit.test',
};

export const UK_REPRESENTATIVE: Representative = {
  name: 'SimVisit UK Representative',
  address: '1 Example Street, London EC1A 1AA, United Kingdom',
  email: 'uk-representative@simvisit.test',
};

/** The date both legal texts were last changed. */
export const LEGAL_LAST_UPDATED = 'November 21, 2026';
