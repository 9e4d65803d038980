/** Open change streams one session may hold; a ninth closes the oldest (issue 21 item 12, docs/decisions/0082). */
export const MAX_STREAMS_PER_SESSION = 8;

/**
 * The open change streams of each session in this process, oldest first. The PWA opens one combined stream per
 * device tab; a session that opened 500 held 500 connections and 500 listeners. Closing the oldest rather than
 * refusing the newest keeps the tab the person is looking at live.
 */
export function createStreamCap(max = MAX_STREAMS_PER_SESSION) {
  const open = new Map<string, (() => void)[]>();
  return {
    /** Records a stream of `session`, closing the oldest over `max`; returns the function that forgets it. */
    admit(session: string, close: () => void): () => void {
      const list = open.get(session) ?? [];
      list.push(close);
      open.set(session, list);
      while (list.length > max) list.shift()?.();
      return () => {
        const at = list.indexOf(close);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0 && open.get(session) === list) open.delete(session);
      };
    },
  };
}

export const streamCap = createStreamCap();
