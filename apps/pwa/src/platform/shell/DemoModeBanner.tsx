import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../lib/app-config';

/**
 * A visible marker on every page while the deployment runs in demo mode (DESIGN.md §3): the data is sample
 * data and the outbox shows every mail, reset link and code to anyone, so nobody should take it for a real
 * deployment. Text only, so the skip link stays the first thing a keyboard reaches.
 */
export function DemoModeBanner() {
  const demo = useQuery(appConfigQuery).data?.demo_mode ?? false;
  if (!demo) return null;
  return (
    <aside aria-label="Demo mode" className="truncate bg-amber-100 px-3 py-0.5 text-center text-xs/4 font-medium text-amber-950 sm:py-1">
      {/* One line on a phone too: the chrome above a page's title stays within 120 px (decision 0088). */}
      Demo mode: <span className="hidden sm:inline">sample data, and </span>every mail and text goes to /outbox.
    </aside>
  );
}
