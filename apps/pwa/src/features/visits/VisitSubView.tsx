import type { VisitDetail, VisitResponse } from '@simvisit/schema';
import { Button, Card, CardBody, CardHeader } from '@simvisit/ui';
import { VISIT_PAGE_TEXTS as T } from './visit-texts';

/** What every sub-view of the visit page gets: the visit, the way back and the answer of a change. */
export interface SubViewProps {
  data: VisitResponse;
  /** back to the visit's details */
  onDone: () => void;
  /** the visit as the server answered after a change (or null: load it again) */
  onChanged: (visit: VisitDetail | null) => Promise<unknown>;
}

/** The frame of a sub-view: its title (the page's main heading while it stands in for the details) and the way back. */
export function SubView({ title, onBack, children }: { title: string; onBack: () => void; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader
        title={title}
        level={1}
        actions={
          <Button variant="ghost" size="sm" onClick={onBack}>
            {T.back}
          </Button>
        }
      />
      <CardBody className="space-y-4">{children}</CardBody>
    </Card>
  );
}
