import { thirdPartyScriptWords } from '@simvisit/schema';
import { Link } from '@tanstack/react-router';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LegalDocument, LegalList, type LegalSectionData, MailLink } from './LegalDocument';
import { EU_REPRESENTATIVE, POSTAL_ADDRESS, PRIVACY_EMAIL, type Representative, SUPPORT_PHONE, UK_REPRESENTATIVE } from './legal-contacts';

function RepresentativeCard({ region, representative }: { region: string; representative: Representative }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{region}</h3>
      <p>{representative.name}</p>
      <p>{representative.address}</p>
      <p>
        <MailLink email={representative.email} />
      </p>
    </div>
  );
}

function privacySections(product: string, stripePayments: boolean): LegalSectionData[] {
  return [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      body: (
        <>
          <p>When you register or complete your profile we collect:</p>
          <LegalList>
            <li>your name and email address;</li>
            <li>your date of birth;</li>
            <li>your specialty;</li>
            <li>your medical school and graduation date; and</li>
            <li>your country of practice.</li>
          </LegalList>
          <p>
            You may also choose to give us a mobile number (for session reminders and confirmations by text message), a profile picture,
            your profession, licensing details and your availability. When you take part in sessions we keep the recordings, scorecards and
            feedback described in our{' '}
            <Link to="/terms-of-service" className="font-medium text-brand-700 hover:underline">
              Terms of Service
            </Link>
            . Card payments are handled by our payment provider; we never receive or store your full card number.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use your information',
      body: (
        <LegalList>
          <li>to run your account and schedule, hold, record and score sessions;</li>
          <li>to send you the emails and text messages the Service needs, such as confirmations and reminders;</li>
          <li>to give your institution the reports it is entitled to when you take part through it;</li>
          <li>to keep the Service secure and to prevent misuse; and</li>
          <li>to improve our scenarios and the Service, using aggregate, anonymous information where we can.</li>
        </LegalList>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>We use only cookies that are strictly necessary for the Service to work:</p>
          <LegalList>
            <li>a session cookie that keeps you signed in; it cannot be read by scripts and ends when you log out;</li>
            <li>a security token cookie (XSRF-TOKEN) that protects your requests against cross-site request forgery.</li>
          </LegalList>
          <p>
            {thirdPartyScriptWords(stripePayments)} The Service also keeps a few settings in your browser's local storage, such as the
            dashboard you last chose. You can delete cookies in your browser's settings at any time, but you will need to sign in again. The
            Cookie Settings link at the bottom of every page shows this summary.
          </p>
        </>
      ),
    },
    {
      id: 'log-files',
      title: 'Log files',
      body: (
        <p>
          Like most websites, our servers record information your browser sends with each request: the IP address, browser type, the pages
          requested, the date and time and the referring page. We use these logs to keep the Service secure, to investigate problems and to
          understand overall use. Logs never contain your password, and we keep them only as long as these purposes require.
        </p>
      ),
    },
    {
      id: 'disclosure',
      title: 'Disclosure to third parties',
      body: (
        <>
          <p>We do not sell your personal information. We share it only:</p>
          <LegalList>
            <li>with the institution through which you use the Service, for the sessions you take part in through it;</li>
            <li>
              with service providers that host the Service or send email and text messages, process payments or provide video meetings for
              us, under contracts that let them use the information only to serve us;
            </li>
            <li>when the law requires it, or to protect the rights, safety and property of our users or the public; and</li>
            <li>with a successor organisation if {product} is merged or sold, which must honour this policy.</li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          The Service is meant for healthcare professionals, students and trainees aged 18 or over. It is not directed to children, and we
          do not knowingly collect personal information from anyone under 16. If you believe a child has given us personal information,
          contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'correcting-your-profile',
      title: 'Correcting and updating your profile',
      body: (
        <p>
          You can review and correct most of your information at any time on your profile page (My Profile in the user menu). For anything
          you cannot change there, contact us at <MailLink email={PRIVACY_EMAIL} />.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We protect your information with encryption in transit, hashed passwords, access limited to the people who need it, and audit logs
          of sensitive actions. No method of transmission or storage is completely secure, so we cannot guarantee absolute security, but we
          review our safeguards regularly and will tell you without undue delay if a breach affects your information as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>Depending on where you live, in particular in the European Union and the United Kingdom, you have the right to:</p>
          <LegalList>
            <li>
              <strong>access</strong>: obtain confirmation of whether we process your personal data and a copy of it;
            </li>
            <li>
              <strong>rectification</strong>: have inaccurate data corrected and incomplete data completed;
            </li>
            <li>
              <strong>erasure</strong>: have your data deleted when there is no longer a reason for us to keep it;
            </li>
            <li>
              <strong>restriction</strong>: have the processing of your data limited while a concern is resolved;
            </li>
            <li>
              <strong>notification</strong>: have us tell those to whom we disclosed your data about any rectification, erasure or
              restriction;
            </li>
            <li>
              <strong>portability</strong>: receive the data you gave us in a structured, machine-readable format, or have it sent to
              another provider;
            </li>
            <li>
              <strong>objection</strong>: object to processing based on our legitimate interests, including profiling; and
            </li>
            <li>
              <strong>automated decision-making</strong>: not be subject to a decision based solely on automated processing that
              significantly affects you. We make no such decisions.
            </li>
          </LegalList>
          <p>
            You can make a request by email to <MailLink email={PRIVACY_EMAIL} />, by post to {POSTAL_ADDRESS}, or by phone on{' '}
            {SUPPORT_PHONE}. We will send you a short request form and ask you for identification so that we only ever release data to the
            person it is about. We answer within one month, or tell you within that month if we need longer. You also have the right to
            complain to your data protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'representatives',
      title: 'Our representatives in the EU and the UK',
      body: (
        <>
          <p>
            As we are based outside the European Union and the United Kingdom, we have named representatives there whom you and the
            supervisory authorities may contact about data protection:
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <RepresentativeCard region="European Union" representative={EU_REPRESENTATIVE} />
            <RepresentativeCard region="United Kingdom" representative={UK_REPRESENTATIVE} />
          </div>
        </>
      ),
    },
    {
      id: 'law-and-changes',
      title: 'Governing law and changes to this policy',
      body: (
        <>
          <p>This policy is governed by the laws of the State of New York, United States.</p>
          <p>
            We may change this policy. Changes take effect immediately when they are posted on this page, and the date at the top shows when
            it last changed.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about this policy or your information can be sent to <MailLink email={PRIVACY_EMAIL} />, by post to {POSTAL_ADDRESS}, or
          through our{' '}
          <Link to="/contactus" className="font-medium text-brand-700 hover:underline">
            contact form
          </Link>
          .
        </p>
      ),
    },
  ];
}

export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy');
  const { product_name, stripe_payments } = useAppConfig();
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal information {product_name} collects when you use the Service, how we use and protect it, whom
          we share it with, and the rights you have over it.
        </p>
      }
      sections={privacySections(product_name, stripe_payments)}
    />
  );
}
