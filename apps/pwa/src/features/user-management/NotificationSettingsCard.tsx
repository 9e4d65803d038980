import { Button, Card, CardBody, CardHeader, SwitchField } from '@simvisit/ui';
import { useId, useState } from 'react';
import { AdminCallError } from './AdminCallError';
import { type NotificationSettings, useUpdateNotificationSettings } from './queries';
import type { UserDetail } from './types';

const SWITCHES: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'enable_email', label: 'Email' },
  { key: 'enable_sms', label: 'SMS' },
  { key: 'enable_autologin', label: 'Auto Login' },
];

function settingsOf(user: UserDetail): NotificationSettings {
  return {
    enable_email: user.enable_email_notifications,
    enable_sms: user.enable_sms_notifications,
    enable_autologin: user.auto_login,
  };
}

/** Notification Settings (permission user.edit): Email, SMS and Auto Login, saved together. */
export function NotificationSettingsCard({ user }: { user: UserDetail }) {
  const ids = useId();
  const saved = settingsOf(user);
  const [settings, setSettings] = useState(saved);
  const mutation = useUpdateNotificationSettings(user.id);
  const changed = SWITCHES.some((s) => settings[s.key] !== saved[s.key]);

  return (
    <Card aria-label="Notification Settings">
      <CardHeader title="Notification Settings" />
      <CardBody className="space-y-4">
        <div className="divide-y divide-slate-100">
          {SWITCHES.map((s) => (
            <SwitchField
              key={s.key}
              id={`${ids}-${s.key}`}
              label={s.label}
              checked={settings[s.key]}
              onCheckedChange={(on) => setSettings((v) => ({ ...v, [s.key]: on }))}
            />
          ))}
        </div>
        <AdminCallError error={mutation.error} />
        <Button disabled={mutation.isPending || !changed} onClick={() => mutation.mutate({ user_id: user.id, ...settings })}>
          Save
        </Button>
      </CardBody>
    </Card>
  );
}
