import { APPLYING_MESSAGES, applyingApi } from '@simvisit/schema';
import { Alert, Button } from '@simvisit/ui';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { notifyFailure, notifySuccess } from '../../platform/notices';

/** An application waits for the emailed link (decision 0047): say so, and offer a new link. */
export function ConfirmationNotice() {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      const answer = await apiCall(applyingApi.resendConfirmation);
      notifySuccess(answer.message);
    } catch (error) {
      notifyFailure('Error', error);
    } finally {
      setSending(false);
    }
  }
  return (
    <Alert tone="warning" role="status">
      <span>{APPLYING_MESSAGES.confirmNotice}</span>{' '}
      <Button variant="link" size="sm" onClick={resend} disabled={sending}>
        Send the link again
      </Button>
    </Alert>
  );
}
