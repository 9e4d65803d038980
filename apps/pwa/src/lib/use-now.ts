import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs` (the countdown and the windows that open while the page is shown). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
