import { isSmsCapable, PROFILE_MESSAGES, type ProfileField } from '@simvisit/schema';
import { Card, CardBody, CardHeader, cn } from '@simvisit/ui';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/signed-in';
import { notify, notifyError } from '../shell/notifications';
import { useSyncState } from '../sync/sync-state';
import { OFFLINE_NOTE } from './EditableRow';
import { updateField, useSessionUpdater } from './profile-api';
import { currentSubscription, PushProblem, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './push';

type SwitchField = Extract<ProfileField, 'auto_login' | 'enable_email_notifications' | 'enable_push_notifications' | 'enable_sms_notifications'>;

interface SwitchRowProps {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  busy: boolean;
  disabled: boolean;
  note?: string | null;
  onToggle: (next: boolean) => void;
}

/** An on/off switch with its visible label (role="switch": screen readers announce on or off). */
function SwitchRow({ id, label, description, checked, busy, disabled, note, onToggle }: SwitchRowProps) {
  const described = [`${id}-description`, note ? `${id}-note` : null].filter(Boolean).join(' ');
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0 space-y-0.5">
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-slate-500">
          {description}
        </p>
        {note ? (
          <p id={`${id}-note`} role="status" className="text-sm text-amber-800">
            {note}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={described}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onToggle(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
          busy && 'animate-pulse',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')}
        />
      </button>
    </div>
  );
}

function notifySmsRefused(title: string = PROFILE_MESSAGES.smsTitle, content: string = PROFILE_MESSAGES.smsContent) {
  notify({ title, content, icon: 'warning', color: 'yellow' });
}

/**
 * Notification settings (spec 000 §2.13): auto login, email, push and SMS. SMS needs a valid mobile number
 * (spec 000 §5); push subscribes this browser through the service worker with the server's VAPID key.
 */
export function NotificationsCard() {
  const { user } = useSignedInSession();
  const { applyUser } = useSessionUpdater();
  const { online } = useSyncState();
  const [busy, setBusy] = useState<SwitchField | null>(null);
  const [pushNote, setPushNote] = useState<string | null>(null);
  const [deviceSubscribed, setDeviceSubscribed] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((s) => live && setDeviceSubscribed(s !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  async function save(field: SwitchField, value: boolean) {
    const response = await updateField(field, { value });
    applyUser(response.user);
  }

  async function toggle(field: SwitchField, value: boolean, before?: () => Promise<void>) {
    if (busy || !online) return;
    if (field === 'enable_sms_notifications' && value && !isSmsCapable(user.mobile_number)) {
      notifySmsRefused();
      return;
    }
    setBusy(field);
    if (field === 'enable_push_notifications') setPushNote(null);
    try {
      await before?.();
      await save(field, value);
    } catch (error) {
      if (error instanceof PushProblem) {
        setPushNote(error.message);
      } else if (isApiError(error) && error.sessionEnded) {
        // The app is on its way to the login page.
      } else if (field === 'enable_sms_notifications' && isApiError(error) && error.fieldError(field)) {
        notifySmsRefused(error.message, error.fieldError(field) ?? PROFILE_MESSAGES.smsContent);
      } else {
        notifyError('Error', errorMessage(error));
      }
    } finally {
      setBusy(null);
    }
  }

  function togglePush(value: boolean) {
    if (value) {
      void toggle('enable_push_notifications', true, async () => {
        await subscribeThisDevice();
        setDeviceSubscribed(true);
      });
    } else {
      void toggle('enable_push_notifications', false, async () => {
        await unsubscribeThisDevice().catch(() => undefined);
        setDeviceSubscribed(false);
      });
    }
  }

  const pushHint =
    user.enable_push_notifications && deviceSubscribed === false && pushSupported()
      ? 'On for your account, but not set up in this browser. Turn it off and on again to add this device.'
      : null;

  return (
    <Card aria-labelledby="profile-notifications-title">
      <CardHeader title={<span id="profile-notifications-title">Notification Settings</span>} />
      <CardBody className="divide-y divide-slate-100 py-1">
        {!online ? (
          <p role="status" className="py-3 text-sm text-amber-800">
            {OFFLINE_NOTE}
          </p>
        ) : null}
        <SwitchRow
          id="profile-auto-login"
          label="Auto Login"
          description="Lets an administrator send you a single-use sign-in link."
          checked={user.auto_login}
          busy={busy === 'auto_login'}
          disabled={!online}
          onToggle={(next) => void toggle('auto_login', next)}
        />
        <SwitchRow
          id="profile-email-notifications"
          label="Email Notifications"
          description="Visit requests, confirmations and reminders by email."
          checked={user.enable_email_notifications}
          busy={busy === 'enable_email_notifications'}
          disabled={!online}
          onToggle={(next) => void toggle('enable_email_notifications', next)}
        />
        <SwitchRow
          id="profile-push-notifications"
          label="Push Notifications"
          description="Notifications on this device, even when the app is closed."
          checked={user.enable_push_notifications}
          busy={busy === 'enable_push_notifications'}
          disabled={!online}
          note={pushNote ?? pushHint}
          onToggle={togglePush}
        />
        <SwitchRow
          id="profile-sms-notifications"
          label="SMS Notifications"
          description="Text messages to your mobile number, such as visit confirmations."
          checked={user.enable_sms_notifications}
          busy={busy === 'enable_sms_notifications'}
          disabled={!online}
          onToggle={(next) => void toggle('enable_sms_notifications', next)}
        />
      </CardBody>
    </Card>
  );
}
