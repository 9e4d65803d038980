import { unsyncedChangesLabel } from '@simvisit/schema';
import { Button, Modal, Spinner } from '@simvisit/ui';
import { answerLogoutPrompt, useLogoutPrompt } from './logout-prompt';

/**
 * Logout with unsynced changes (REP-09): the app first tries to send them; what could not be sent (offline,
 * or waiting for a decision) is only thrown away when the person says so.
 */
export function LogoutDialog() {
  const prompt = useLogoutPrompt();
  if (prompt.phase === 'flushing') {
    return (
      <Modal open onOpenChange={() => undefined} title="Signing out">
        <div className="flex items-center gap-3">
          <Spinner label="Sending" />
          <p>Sending your changes to the server…</p>
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      open={prompt.phase === 'confirm'}
      onOpenChange={(open) => {
        if (!open) answerLogoutPrompt(false);
      }}
      title="Log out with unsynced changes?"
      description={`You have ${unsyncedChangesLabel(prompt.unsynced)} on this device that the server does not have yet. Logging out removes your data from this device, and these changes will be lost.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => answerLogoutPrompt(false)} autoFocus>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={() => answerLogoutPrompt(true)}>
            Discard and log out
          </Button>
        </>
      }
    >
      <p>Stay signed in and reconnect to send them, or discard them and log out.</p>
    </Modal>
  );
}
