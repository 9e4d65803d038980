import { CALENDAR_FEED_MESSAGES as M } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader, TextField } from '@simvisit/ui';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { notify, notifyError } from '../../platform/notices';
import { useSyncState } from '../../platform/sync';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from './calendar-feed-api';
import { OFFLINE_NOTE } from './EditableRow';

const failure = (error: unknown) => (isApiError(error) ? error.message : 'Please try again.');

/**
 * The private calendar feed on the profile (issue 12 item 9; decision 0050): turn it on, copy its address
 * (shown only right after it is made: the server keeps only a hash), get a new address, or turn it off.
 */
export function CalendarFeedCard() {
  const { online } = useSyncState();
  const status = useCalendarFeedStatus(online);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;
  const busy = create.isPending || revoke.isPending;

  function make() {
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(answer.url);
        notify({ title: answer.message, icon: 'success', color: 'green' });
      },
      onError: (error) => notifyError('Error turning on calendar feed', failure(error)),
    });
  }
  function turnOff() {
    revoke.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(null);
        notify({ title: answer.message, icon: 'success', color: 'green' });
      },
      onError: (error) => notifyError('Error turning off calendar feed', failure(error)),
    });
  }
  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      notify({ title: M.copied, icon: 'success', color: 'green' });
    } catch {
      // No clipboard (permission refused or an insecure origin): the field stays there to copy by hand.
      notifyError('Could not copy the address', address);
    }
  }

  return (
    <Card aria-labelledby="profile-calendar-feed-title">
      <CardHeader title={<span id="profile-calendar-feed-title">{M.title}</span>} />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-700">{M.intro}</p>
        <p role="status" className="text-sm font-medium text-slate-900">
          {status.isPending && online ? 'Loading…' : enabled ? M.on : M.off}
        </p>
        {url ? (
          <div className="space-y-2">
            <TextField
              id="profile-calendar-feed-url"
              label={M.addressLabel}
              value={url}
              readOnly
              hint={M.shownOnce}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="secondary" onClick={() => void copy(url)}>
              {M.copy}
            </Button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {!online ? (
            <p role="status" className="mr-auto text-sm text-amber-800">
              {OFFLINE_NOTE}
            </p>
          ) : null}
          {enabled ? (
            <>
              <Button variant="secondary" onClick={turnOff} disabled={busy || !online}>
                {M.revoke}
              </Button>
              <Button onClick={make} disabled={busy || !online}>
                {M.regenerate}
              </Button>
            </>
          ) : (
            <Button onClick={make} disabled={busy || !online || status.isPending}>
              {M.turnOn}
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
