import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endClientSession } from '../../lib/api';
import { revalidateDeviceSession, type Session } from '../session';
import { openStore } from '../sync';

/**
 * Opens the signed-in user's local store and keeps its replications in step with the session (a partner
 * switch can change what the user may sync). When the app started offline from the saved session, the
 * server is asked again as soon as the network returns; a real 401 there logs out.
 */
export function LocalStoreRuntime({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void openStore(session);
  }, [session]);
  useEffect(() => {
    const check = () => {
      void revalidateDeviceSession(queryClient).then((result) => {
        if (result === 'signed-out') endClientSession();
      });
    };
    check();
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [queryClient]);
  return null;
}
