import {
  BRAND_PASSWORD_MAX,
  type BrandPassword,
  generateBrandPassword,
  ROTATION_FREQUENCY_MAX,
  ROTATION_FREQUENCY_MIN,
  type SaveBrandPasswordRequest,
  saveBrandPasswordRequestSchema,
} from '@simvisit/schema';
import { Alert, Button, Modal, SelectField, SwitchField, TextField } from '@simvisit/ui';
import { useId } from 'react';
import { useApiForm } from '../../lib/api-form';

interface Values {
  enable_password: boolean;
  password: string;
  rotate_password: boolean;
  rotation_frequency: string;
  rotation_end_date: string;
}

const FREQUENCIES = Array.from({ length: ROTATION_FREQUENCY_MAX - ROTATION_FREQUENCY_MIN + 1 }, (_, i) => {
  const days = ROTATION_FREQUENCY_MIN + i;
  return { value: String(days), label: days === 1 ? 'Every day' : `Every ${days} days` };
});

function valuesOf(partner: BrandPassword | null): Values {
  return {
    enable_password: partner?.enable_password ?? false,
    password: partner?.password ?? '',
    rotate_password: partner?.rotate_password ?? false,
    rotation_frequency: partner?.rotation_frequency ? String(partner.rotation_frequency) : '',
    rotation_end_date: partner?.rotation_end_date ?? '',
  };
}

/** Today on this device, 'YYYY-MM-DD': the date picker's lower bound (the server checks the past itself). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface EditPasswordModalProps {
  /** the partner being edited; null keeps the modal closed */
  partner: BrandPassword | null;
  onClose: () => void;
  save: (body: SaveBrandPasswordRequest) => Promise<unknown>;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
}

/**
 * A partner's passcode settings (spec 002 §2.14, §4 Passwords): the enable toggle turns on the password; rotation
 * is offered only when enabled; its frequency and end date only when rotating. Hidden fields are sent empty, so
 * the server keeps no rotation the admin no longer sees. A server message for a field shows under it. The page
 * keys the modal by partner, so each partner opens with its own values and no messages left from the last.
 */
export function EditPasswordModal({ partner, onClose, save, onSaved, onFailed }: EditPasswordModalProps) {
  const ids = useId();
  const { form, field, onSubmit, submitting, failure, error } = useApiForm({
    schema: saveBrandPasswordRequestSchema,
    defaultValues: valuesOf(partner),
    input: (v: Values): SaveBrandPasswordRequest => ({
      partner_id: partner?.id ?? 0,
      enable_password: v.enable_password,
      password: v.password.trim() === '' ? null : v.password,
      rotate_password: v.enable_password && v.rotate_password,
      rotation_frequency: v.enable_password && v.rotate_password && v.rotation_frequency !== '' ? Number(v.rotation_frequency) : null,
      rotation_end_date: v.enable_password && v.rotate_password && v.rotation_end_date !== '' ? v.rotation_end_date : null,
    }),
    submit: async (body) => {
      await save(body);
      onSaved();
    },
    onError: (_failure, err) => onFailed(err),
  });
  const enabled = form.watch('enable_password');
  const rotating = form.watch('rotate_password');
  const set = (name: keyof Values, value: boolean | string) => {
    form.setValue(name, value as never, { shouldDirty: true });
    form.clearErrors(name);
  };

  return (
    <Modal
      open={partner !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit Password Settings"
      description={partner ? partner.long_name : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        {failure ? (
          <Alert tone="danger" role="alert">
            {failure}
          </Alert>
        ) : null}
        <SwitchField
          id={`${ids}-enable`}
          label="Enable Password"
          description="Learners of this partner enter the password once before using the app."
          checked={enabled}
          onCheckedChange={(on) => {
            set('enable_password', on);
            if (!on) set('rotate_password', false);
          }}
        />
        {enabled ? (
          <>
            <div className="flex items-end gap-2">
              <TextField
                {...field('password', `${ids}-password`)}
                label="Password"
                required
                maxLength={BRAND_PASSWORD_MAX}
                autoComplete="off"
                spellCheck={false}
                className="flex-1"
              />
              <Button variant="secondary" onClick={() => set('password', generateBrandPassword())}>
                Generate
              </Button>
            </div>
            <SwitchField
              id={`${ids}-rotate`}
              label="Rotate Password"
              description="A new password is made and emailed to the partner’s client admins."
              checked={rotating}
              onCheckedChange={(on) => set('rotate_password', on)}
            />
            {error('rotate_password') ? <p className="text-sm text-red-700">{error('rotate_password')}</p> : null}
          </>
        ) : null}
        {enabled && rotating ? (
          <>
            <SelectField
              {...field('rotation_frequency', `${ids}-frequency`)}
              label="Rotation Frequency"
              required
              placeholder="Select a frequency"
              options={FREQUENCIES}
            />
            <TextField {...field('rotation_end_date', `${ids}-end`)} label="Rotation End Date" type="date" required min={localToday()} />
          </>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
