import { emailList, fullName, SESSION_COUNTER_MESSAGES as M, type SessionCounterPartner } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import { useId, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'unavailable';

/** Writes to the clipboard where the browser allows it (a secure page, permission granted); false otherwise. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The mail modal of a row at the warning (spec 000 §2.9): the partner's client administrators (name and email)
 * and Copy Email Addresses, which copies them separated by semicolons. Where the clipboard is not available the
 * addresses are shown selected in a box, with a message, so they can still be copied by hand.
 */
export function ClientAdminsDialog({ partner, onClose }: { partner: SessionCounterPartner | null; onClose: () => void }) {
  const id = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const admins = partner?.client_admins ?? [];
  const addresses = emailList(admins);
  const close = () => {
    setCopy('idle');
    onClose();
  };

  return (
    <Modal
      open={partner !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={partner ? `${partner.long_name} Client Administrators` : ''}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          {admins.length > 0 ? (
            <Button onClick={async () => setCopy((await copyText(addresses)) ? 'copied' : 'unavailable')}>{M.copyEmails}</Button>
          ) : null}
        </>
      }
    >
      {partner && admins.length === 0 ? (
        <p>{M.noClientAdmins(partner.long_name)}</p>
      ) : (
        <ul className="space-y-2" aria-label="Client administrators">
          {admins.map((a) => (
            <li key={a.email} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900">{fullName(a.first_name, a.last_name)}</span>
              <a className="text-brand-700 underline-offset-4 hover:underline" href={`mailto:${a.email}`}>
                {a.email}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-3 text-sm">
        {copy === 'copied' ? M.copied : copy === 'unavailable' ? M.copyUnavailable : ''}
      </p>
      {copy === 'unavailable' ? (
        <>
          <label htmlFor={`${id}-addresses`} className="sr-only">
            Email addresses
          </label>
          <textarea
            id={`${id}-addresses`}
            readOnly
            rows={2}
            value={addresses}
            className="mt-2 w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
            ref={(el) => el?.select()}
          />
        </>
      ) : null}
    </Modal>
  );
}
