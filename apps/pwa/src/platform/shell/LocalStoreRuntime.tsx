import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { endClientSession } from '../../lib/api';
import { revalidateDeviceSession, type Session } from '../session';
import { openStore } from '../sync';
import { afterPageSettles } from './after-page-settles';

/**
 * Opens the signed-in user's local store once the page has settled, and keeps its replications in step with the
 * session (a partner switch can change what the user may sync). When the app started offline from the saved
 * session, the server is asked again as soon as the network returns; a real 401 there logs out.
 */
export function LocalStoreRuntime({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  // The first time after the page has shown its content (the store's code and its first replication are the heaviest
  // work of a signed-in page); a session that changes after that reopens the store at once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) {
      void openStore(session);
      return;
    }
    return afterPageSettles(queryClient, router, () => {
      opened.current = true;
      void openStore(session);
    });
  }, [session, queryClient, router]);
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
