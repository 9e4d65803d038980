import { Alert, Button } from '@simvisit/ui';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../platform/notices';

export interface ConfirmationNoticeProps {
  /** What waits for the emailed link, in the feature's own words. */
  message: string;
  /** Asks the server for a new link; answers the message to show. */
  resend: () => Promise<{ message: string }>;
}

/**
 * Something waits for an emailed link (an application, decision 0047; a registration, decision 0051): say so,
 * and offer a new link. Shared so both say it the same way.
 */
export function ConfirmationNotice({ message, resend }: ConfirmationNoticeProps) {
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    try {
      const answer = await resend();
      notifySuccess(answer.message);
    } catch (error) {
      notifyFailure('Error', error);
    } finally {
      setSending(false);
    }
  }
  return (
    <Alert tone="warning" role="status">
      <span>{message}</span>{' '}
      <Button variant="link" size="sm" onClick={send} disabled={sending}>
        Send the link again
      </Button>
    </Alert>
  );
}
