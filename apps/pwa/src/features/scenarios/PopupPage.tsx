import type { ReactNode } from 'react';

/**
 * The frame of the pages opened in their own window (spec 000 §2.1 layout E: no header, sidebar or footer).
 * On paper only the content is printed: the buttons and the page background are left out.
 */
export function PopupPage({
  heading,
  subheading,
  actions,
  children,
}: {
  heading: ReactNode;
  subheading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-white print:min-h-0">
      {/* Paper margins; the browser's own header and footer lines stay the person's choice. */}
      <style>{'@page { margin: 15mm; }'}</style>
      <article className="mx-auto max-w-3xl space-y-6 px-5 py-6 sm:px-8 print:max-w-none print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div className="min-w-0 space-y-1">
            {subheading ? <p className="text-sm font-medium tracking-wide text-brand-700 uppercase">{subheading}</p> : null}
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{heading}</h1>
          </div>
          {actions ? <div className="flex gap-2 print:hidden">{actions}</div> : null}
        </header>
        {children}
      </article>
    </div>
  );
}

/** A field's text as written: paragraphs and line breaks kept; an empty field says so. */
export function FieldText({ value }: { value: string | null | undefined }) {
  const text = value?.trim();
  if (!text) return <p className="text-slate-500 italic">Not provided</p>;
  return <p className="break-words whitespace-pre-wrap text-slate-800">{text}</p>;
}

/** A titled block of a pop-up page that is not split across two printed pages when it fits on one. */
export function PopupSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 break-inside-avoid">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
