import { CONTACT_TOPICS, contactApi, contactRequestSchema } from '@simvisit/schema';
import { Alert, Button, Card, CardBody, SelectField, TextAreaField, TextField } from '@simvisit/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PersonFields } from '../../lib/account-fields';
import { apiCall } from '../../lib/api';
import { useApiForm } from '../../lib/api-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../platform/session';
import { SUPPORT_EMAIL } from '../legal';

const TOPIC_OPTIONS = Object.entries(CONTACT_TOPICS).map(([value, label]) => ({ value, label }));

/** The Contact Us form (spec 002 §2.5), prefilled from the signed-in user. */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const session = useSession();
  const user = session?.user;
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    field: bind,
    onSubmit,
    submitting,
    failure,
  } = useApiForm({
    schema: contactRequestSchema,
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      mobile_number: user?.mobile_number ?? '',
      topicKind: '',
      user_message: '',
    },
    input: (values) => ({ ...values, mobile_number: values.mobile_number.trim() || null, partner_id: session?.partner?.id ?? null }),
    submit: async (body) => {
      const answer = await apiCall(contactApi.send, { body });
      setSentMessage(answer.message);
    },
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Contact Us</h1>
        <p className="text-slate-600">
          Questions about a session, your account or registering? Send us a message and our support team will reply by email. You can also
          write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </div>
      <Card>
        <CardBody padding="lg">
          {sentMessage ? (
            <div className="space-y-4">
              <Alert tone="success" role="status">
                {sentMessage}
              </Alert>
              <Link to="/dashboard" className="inline-block font-medium text-brand-700 hover:underline">
                Return to dashboard
              </Link>
            </div>
          ) : (
            <form className="grid gap-5 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
              {failure ? (
                <Alert tone="danger" role="alert" className="sm:col-span-2">
                  {failure}
                </Alert>
              ) : null}
              <PersonFields field={bind} emailBeside />
              <TextField label="Mobile Number" type="tel" autoComplete="tel" hint="Optional" {...bind('mobile_number')} />
              <SelectField
                label="Topic"
                required
                className="sm:col-span-2"
                options={TOPIC_OPTIONS}
                placeholder="Select a topic"
                {...bind('topicKind')}
              />
              <TextAreaField label="Message" required rows={6} className="sm:col-span-2" maxLength={5000} {...bind('user_message')} />
              <div className="sm:col-span-2">
                <Button type="submit" disabled={submitting}>
                  Send Message
                </Button>
              </div>
            </form>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
