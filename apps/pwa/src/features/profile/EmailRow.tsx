import { PROFILE_MESSAGES } from '@simvisit/schema';
import { TextField } from '@simvisit/ui';
import { useSignedInSession } from '../../platform/session';
import { EditableRow } from './EditableRow';
import { checkProfileValue, controlId } from './ProfileFieldRow';
import { updateField, useSessionUpdater } from './profile-api';

interface EmailDraft {
  email: string;
  current_password: string;
}

/** The email address: changing it asks for the current password in the same row (ASVS 7.5.1). */
export function EmailRow() {
  const { user } = useSignedInSession();
  const { applyUser } = useSessionUpdater();
  const id = controlId('email');
  return (
    <EditableRow<EmailDraft>
      label="Email"
      view={user.email}
      mainKey="email"
      otherKeys={['current_password']}
      initialDraft={() => ({ email: user.email, current_password: '' })}
      validate={(draft) => {
        const checked = checkProfileValue('email', draft.email);
        const errors = checked.ok ? {} : checked.errors;
        if (!draft.current_password) errors.current_password = [PROFILE_MESSAGES.currentPasswordRequired];
        return Object.keys(errors).length ? errors : null;
      }}
      save={async (draft) => {
        const checked = checkProfileValue('email', draft.email);
        const response = await updateField('email', {
          value: checked.ok ? checked.value : draft.email,
          current_password: draft.current_password,
        });
        applyUser(response.user);
      }}
      editor={({ draft, setDraft, error, saving }) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={id}
            label="Email"
            type="email"
            autoComplete="email"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            error={error('email')}
            disabled={saving}
            autoFocus
          />
          <TextField
            id={`${id}-current-password`}
            label="Current Password"
            type="password"
            autoComplete="current-password"
            value={draft.current_password}
            onChange={(e) => setDraft({ ...draft, current_password: e.target.value })}
            error={error('current_password')}
            hint="Needed to change your email address."
            disabled={saving}
          />
        </div>
      )}
    />
  );
}
