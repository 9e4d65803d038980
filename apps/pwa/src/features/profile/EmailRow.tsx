import { PROFILE_FIELD_RULES, PROFILE_MESSAGES } from '@simvisit/schema';
import { TextField } from '@simvisit/ui';
import { z } from 'zod';
import { useSessionUpdater, useSignedInSession } from '../../platform/session';
import { EditableRow } from './EditableRow';
import { controlId } from './ProfileFieldRow';
import { updateField } from './profile-api';

/** The email's own rule of the allowlist, and the current password it needs (ASVS 7.5.1). */
const emailChangeSchema = z.object({
  email: PROFILE_FIELD_RULES.email,
  current_password: z.string().min(1, { error: PROFILE_MESSAGES.currentPasswordRequired }),
});

/** The email address: changing it asks for the current password in the same row (ASVS 7.5.1). */
export function EmailRow() {
  const { user } = useSignedInSession();
  const { applyUser } = useSessionUpdater();
  const id = controlId('email');
  return (
    <EditableRow
      label="Email"
      view={user.email}
      mainKey="email"
      otherKeys={['current_password']}
      initialValues={() => ({ email: user.email, current_password: '' })}
      schema={emailChangeSchema}
      save={async (data) => {
        const response = await updateField('email', { value: data.email, current_password: data.current_password });
        applyUser(response.user);
      }}
      editor={({ field, error, saving }) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            {...field('email', id)}
            label="Email"
            type="email"
            autoComplete="email"
            error={error('email')}
            disabled={saving}
            autoFocus
          />
          <TextField
            {...field('current_password', `${id}-current-password`)}
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={error('current_password')}
            hint="Needed to change your email address."
            disabled={saving}
          />
        </div>
      )}
    />
  );
}
