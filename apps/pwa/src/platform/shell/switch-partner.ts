import { partnersApi, safeRedirectPath } from '@simvisit/schema';
import { useState } from 'react';
import { apiCall, errorMessage, isApiError } from '../../lib/api';
import { notifyError } from '../notices';

/**
 * POST api/partner/switch, then a full page load of the answer's redirect: every cached piece of the old
 * partner's data goes with it.
 */
export function useSwitchPartner() {
  const [switching, setSwitching] = useState(false);
  async function switchPartner(partnerId: number) {
    setSwitching(true);
    try {
      const answer = await apiCall(partnersApi.switch, { body: { partner_id: partnerId } });
      window.location.assign(safeRedirectPath(answer.redirect) ?? '/dashboard');
    } catch (error) {
      setSwitching(false);
      if (isApiError(error) && error.sessionEnded) return;
      notifyError('Error changing partner.', errorMessage(error));
    }
  }
  return { switchPartner, switching };
}
