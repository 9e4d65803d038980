import type { ReplicatedCollection } from '@simvisit/schema';
import { useEffect, useState } from 'react';
import { useStoreDatabase } from './sync-state';
import { type RowOf, syncCollection } from './types';

/**
 * The live documents of a local collection (deleted ones left out), re-rendered on every change, from this
 * tab, another tab or replication. Null until the store is open.
 */
export function useStoreDocs<N extends ReplicatedCollection>(collection: N): RowOf<N>[] | null {
  const db = useStoreDatabase();
  const [docs, setDocs] = useState<RowOf<N>[] | null>(null);
  useEffect(() => {
    if (!db) {
      setDocs(null);
      return;
    }
    const subscription = syncCollection(db, collection)
      .find()
      .$.subscribe((list) => setDocs(list.map((d) => d.toJSON() as unknown as RowOf<N>)));
    return () => subscription.unsubscribe();
  }, [db, collection]);
  return docs;
}
