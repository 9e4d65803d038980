import { Link } from '@tanstack/react-router';
import { useAppConfig } from '../../lib/app-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LegalDocument, LegalList, type LegalSectionData, MailLink } from './LegalDocument';
import { SUPPORT_EMAIL } from './legal-contacts';

function termsSections(product: string): LegalSectionData[] {
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of these terms',
      body: (
        <>
          <p>
            These Terms of Service govern your use of {product} (the "Service"), operated by {product} ("we", "us", "our"). By creating an
            account, signing in, or taking part in a session you agree to these terms. If you use the Service on behalf of an institution,
            you confirm that you may accept these terms for it.
          </p>
          <p>If you do not agree with these terms, please do not use the Service.</p>
        </>
      ),
    },
    {
      id: 'service',
      title: 'The Service',
      body: (
        <p>
          {product} lets healthcare professionals, students and trainees practise clinical communication with standardized patients (trained
          actors who portray patients) in recorded video sessions, and lets trained observers and standardized patients score those sessions
          and give feedback. The Service is offered directly and through partner institutions that give their members access under their own
          brand.
        </p>
      ),
    },
    {
      id: 'education-only',
      title: 'Educational use only',
      body: (
        <>
          <p>
            Every session is a simulation held for education and training only. A session is not medical care, no doctor-patient
            relationship arises from it, and nothing said in a session is medical advice.
          </p>
          <LegalList>
            <li>Do not share information about real patients or any protected health information during a session.</li>
            <li>Scores and feedback describe your performance in a simulation and are not a professional certification.</li>
            <li>Do not rely on a scenario's clinical content to treat real patients.</li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <LegalList>
          <li>Give accurate, current information when you register and keep it up to date in your profile.</li>
          <li>Keep your password and any brand passcode confidential; you are responsible for activity on your account.</li>
          <li>
            Tell us at once at <MailLink email={SUPPORT_EMAIL} /> if you believe your account has been used without your permission.
          </li>
          <li>Your institution may manage your access, roles and seats when you use the Service through it.</li>
        </LegalList>
      ),
    },
    {
      id: 'recording',
      title: 'Consent to recording',
      body: (
        <>
          <p>
            Sessions are recorded (video and audio). By joining a session you consent to being recorded, and you confirm that you are in a
            place where being recorded is lawful and that nobody else who has not agreed to be recorded can be seen or heard.
          </p>
          <p>You may not make your own recording of a session, or of a standardized patient, without our prior written permission.</p>
        </>
      ),
    },
    {
      id: 'recordings-ownership',
      title: 'Ownership and use of recordings',
      body: (
        <>
          <p>We own the recordings of sessions. We use them only to:</p>
          <LegalList>
            <li>
              deliver the Service, including scoring, feedback and making the recording available to you and, where you take part through an
              institution, to that institution's authorised staff;
            </li>
            <li>train our standardized patients, observers and staff internally; and</li>
            <li>carry out research that improves the quality of simulation-based education.</li>
          </LegalList>
          <p>We do not sell recordings and we do not use them for advertising.</p>
        </>
      ),
    },
    {
      id: 'feedback',
      title: 'Feedback',
      body: (
        <p>
          Feedback you give about sessions, scenarios and the Service may be used in aggregate, anonymous form (for example in reports and
          to improve scenarios). We will not publish feedback in a way that identifies you without your consent.
        </p>
      ),
    },
    {
      id: 'setting',
      title: 'Your session setting and equipment',
      body: (
        <>
          <p>For every session you must provide, at your own cost:</p>
          <LegalList>
            <li>a quiet, private and professional setting free from interruptions;</li>
            <li>a working webcam and microphone; and</li>
            <li>an internet connection stable enough for live video.</li>
          </LegalList>
          <p>
            A session that cannot take place or has to end early because of your setting, equipment or connection may be treated as a
            learner technical issue or a missed session.
          </p>
        </>
      ),
    },
    {
      id: 'scheduling',
      title: 'Scheduling, fees and cancellations',
      body: (
        <>
          <p>
            When you request a visit you propose a first and an alternate date and time. Standardized patients accept requests within 24-48
            hours. Where a scenario carries a fee, the amount is shown before you confirm, and card payments are processed by our payment
            provider.
          </p>
          <p>
            An accepted session cannot be rescheduled, and any cancellation or rescheduling is charged again. Visits that are not confirmed
            when asked may be cancelled automatically before they start.
          </p>
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Professional conduct',
      body: (
        <>
          <p>Treat standardized patients, observers, trainers and staff with the respect you would show colleagues. You must not:</p>
          <LegalList>
            <li>harass, threaten or discriminate against anyone, or behave in a sexually inappropriate way;</li>
            <li>copy, share or publish scenarios, rubrics, scorecards or other content of the Service;</li>
            <li>try to get into accounts, data or parts of the Service that you have not been given access to; or</li>
            <li>interfere with the operation or security of the Service.</li>
          </LegalList>
          <p>We may end a session, or suspend or close an account, when these rules are broken.</p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      body: (
        <p>
          The Service and its content, including scenarios, rubrics, scorecards, articles, logos and software, belong to us or our licensors
          and partners. We give you a personal, non-transferable right to use them for your own education while your account is active.
          Authors keep the rights set out in their author agreements.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers and limitation of liability',
      body: (
        <>
          <p>
            The Service is provided "as is" and "as available". We work to keep it reliable, but we do not promise that it will be
            uninterrupted or free of errors.
          </p>
          <p>
            To the fullest extent the law allows, we are not liable for indirect, incidental or consequential losses, and our total
            liability for any claim about the Service is limited to the fees you paid us for the session the claim concerns. Nothing in
            these terms limits liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Ending your use of the Service',
      body: (
        <p>
          You may stop using the Service at any time and ask us to close your account. We may suspend or close an account that breaks these
          terms or that an institution no longer sponsors. Sections that by their nature should continue, such as ownership of recordings
          and limitation of liability, continue after your account is closed.
        </p>
      ),
    },
    {
      id: 'law-and-changes',
      title: 'Governing law and changes to these terms',
      body: (
        <>
          <p>
            These terms are governed by the laws of the State of New York, United States, without regard to its conflict-of-law rules, and
            the courts located in New York have jurisdiction over any dispute.
          </p>
          <p>
            We may change these terms. Changes take effect immediately when they are posted on this page, and the date at the top shows when
            they last changed. Using the Service after a change means you accept the new terms.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms can be sent to <MailLink email={SUPPORT_EMAIL} /> or through our{' '}
          <Link to="/contactus" className="font-medium text-brand-700 hover:underline">
            contact form
          </Link>
          . How we handle personal data is described in our{' '}
          <Link to="/privacy-policy" className="font-medium text-brand-700 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
      ),
    },
  ];
}

export function TermsOfServicePage() {
  useDocumentTitle('Terms of Service');
  const { product_name } = useAppConfig();
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          These terms apply to healthcare professionals, students, trainees and institutions using {product_name} for simulated-patient
          training. Please read them carefully, in particular the sections on recording and on the educational nature of every session.
        </p>
      }
      sections={termsSections(product_name)}
    />
  );
}
