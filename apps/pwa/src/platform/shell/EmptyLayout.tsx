import type { ReactNode } from 'react';

/** The E layout of spec 000 §2.1: no header, sidebar or footer. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-dvh bg-slate-50">
      {children}
    </main>
  );
}
