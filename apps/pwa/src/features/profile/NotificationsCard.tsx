import { isSmsCapable, PROFILE_MESSAGES, type ProfileField } from '@simvisit/schema';
import { Card, CardBody, CardHeader, SwitchField } from '@simvisit/ui';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api';
import { notify, notifyError } from '../../platform/notices';
import { useSessionUpdater, useSignedInSession } from '../../platform/session';
import { useSyncState } from '../../platform/sync';
import { OFFLINE_NOTE } from './EditableRow';
import { updateField } from './profile-api';
import { currentSubscription, PushProblem, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from './push';

type NotificationSetting = Extract<
  ProfileField,
  'auto_login' | 'enable_email_notifications' | 'enable_push_notifications' | 'enable_sms_notifications'
>;

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
  const [busy, setBusy] = useState<NotificationSetting | null>(null);
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

  async function save(field: NotificationSetting, value: boolean) {
    const response = await updateField(field, { value });
    applyUser(response.user);
  }

  async function toggle(field: NotificationSetting, value: boolean, before?: () => Promise<void>) {
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
        <SwitchField
          id="profile-auto-login"
          label="Auto Login"
          description="Lets an administrator send you a single-use sign-in link."
          checked={user.auto_login}
          busy={busy === 'auto_login'}
          disabled={!online}
          onCheckedChange={(next) => void toggle('auto_login', next)}
        />
        <SwitchField
          id="profile-email-notifications"
          label="Email Notifications"
          description="Visit requests, confirmations and reminders by email."
          checked={user.enable_email_notifications}
          busy={busy === 'enable_email_notifications'}
          disabled={!online}
          onCheckedChange={(next) => void toggle('enable_email_notifications', next)}
        />
        <SwitchField
          id="profile-push-notifications"
          label="Push Notifications"
          description="Notifications on this device, even when the app is closed."
          checked={user.enable_push_notifications}
          busy={busy === 'enable_push_notifications'}
          disabled={!online}
          note={pushNote ?? pushHint}
          onCheckedChange={togglePush}
        />
        <SwitchField
          id="profile-sms-notifications"
          label="SMS Notifications"
          description="Text messages to your mobile number, such as visit confirmations."
          checked={user.enable_sms_notifications}
          busy={busy === 'enable_sms_notifications'}
          disabled={!online}
          onCheckedChange={(next) => void toggle('enable_sms_notifications', next)}
        />
      </CardBody>
    </Card>
  );
}
