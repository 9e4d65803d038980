import { deviceTimeZone, TIME_ZONE_MESSAGES, timeZoneApi, zonesDiffer } from '@simvisit/schema';
import { Alert, Button } from '@simvisit/ui';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { apiCall, errorMessage } from '../../lib/api';
import { lookupQuery, useUserTimeZone } from '../../lib/lookups';
import { readCached, userKeys, writeCached } from '../../lib/offline-cache';
import { notifyError } from '../notices';
import { type Session, sessionQuery, useSession } from './session';
import { useSessionUpdater } from './session-updater';

/**
 * The zone every time is shown in (issue 22 item 2, docs/decisions/0086): the signed-in person's profile zone;
 * the device's only while there is none (signed out, or before the first sign-in has set it).
 */
export function useDisplayZone(): string {
  const session = useSession();
  return useUserTimeZone(session?.user.timezone_id ?? null) ?? deviceTimeZone();
}

/**
 * The zone list, asked for beside the signed-in page's chunks (the layouts' loaders), so the page draws in the
 * profile's zone and with its zone notice at once. Drawn before it, times were shown in the device's zone first and
 * the notice pushed the page down when the list arrived (a layout shift, decision 0085, third pass). Without it
 * (offline with no saved copy, a failure) the page draws as before.
 */
export async function preloadDisplayZone(queryClient: QueryClient): Promise<void> {
  const session = queryClient.getQueryData(sessionQuery.queryKey);
  if (!session || session.user.timezone_id === null) return;
  await queryClient.ensureQueryData(lookupQuery('timezones')).catch(() => undefined);
}

const answeredSchema = z.object({ device: z.string(), profile: z.string() });

/** Sends the zone, then puts the answered user in the session and reloads the zone list (it may have grown). */
function useSetProfileZone() {
  const queryClient = useQueryClient();
  const { applyUser } = useSessionUpdater();
  return async (timezone: string) => {
    const answer = await apiCall(timeZoneApi.set, { body: { timezone } });
    await queryClient.invalidateQueries({ queryKey: ['lookups', 'timezones'] });
    applyUser(answer.user);
  };
}

/**
 * Sets an unset profile zone from the device once signed in, and when the device is in another zone than the
 * profile says so once (per pair of zones, remembered on the device) and offers to switch.
 */
export function TimeZoneNotice({ session }: { session: Session }) {
  const device = deviceTimeZone();
  const profile = useUserTimeZone(session.user.timezone_id);
  const setZone = useSetProfileZone();
  const userId = session.user.id;
  const [answered, setAnswered] = useState(() => readCached(userKeys.timeZoneNotice(userId), answeredSchema));
  const [busy, setBusy] = useState(false);
  const settingUnset = useRef(false);

  const unset = session.user.timezone_id === null;
  useEffect(() => {
    if (!unset || settingUnset.current) return;
    settingUnset.current = true;
    // Offline or refused: the device's zone is still what the pages show, and the next start tries again.
    setZone(device).catch(() => {});
  }, [unset, device, setZone]);

  if (!profile || !zonesDiffer(device, profile, new Date())) return null;
  if (answered?.device === device && answered.profile === profile) return null;

  const remember = () => {
    const pair = { device, profile };
    writeCached(userKeys.timeZoneNotice(userId), pair);
    setAnswered(pair);
  };
  const switchZone = async () => {
    setBusy(true);
    try {
      await setZone(device);
      remember();
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
      <Alert tone="info" title="Your time zone" data-testid="time-zone-notice">
        <p>{TIME_ZONE_MESSAGES.mismatch(device, profile)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={switchZone} disabled={busy}>
            {TIME_ZONE_MESSAGES.switchTo(device)}
          </Button>
          <Button size="sm" variant="secondary" onClick={remember} disabled={busy}>
            {TIME_ZONE_MESSAGES.keep}
          </Button>
        </div>
      </Alert>
    </div>
  );
}
