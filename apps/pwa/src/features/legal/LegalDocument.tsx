import { Card, CardBody } from '@simvisit/ui';
import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from './legal-contacts';

export interface LegalSectionData {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal text: title, date, a table of contents and numbered sections that can be linked to (#id). */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSectionData[] }) {
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="text-sm text-slate-500">Last updated: {LEGAL_LAST_UPDATED}</p>
      </header>
      <Card>
        <CardBody padding="lg" className="space-y-8 text-[15px] leading-7 text-slate-700">
          <div className="space-y-4">{intro}</div>
          <nav aria-label="Contents" className="rounded-lg bg-slate-50 p-4">
            <h2 className="mb-2 text-sm font-semibold text-slate-900">Contents</h2>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-brand-700 hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, index) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24 space-y-3">
              <h2 id={`${s.id}-title`} className="text-lg font-semibold text-slate-900">
                {index + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </CardBody>
      </Card>
    </article>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-6">{children}</ul>;
}

export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="font-medium text-brand-700 hover:underline">
      {email}
    </a>
  );
}
