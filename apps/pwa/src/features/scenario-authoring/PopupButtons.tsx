import { Button } from '@simvisit/ui';
import { openScenarioPopup, type ScenarioPopupKind } from '../scenarios';

const POPUPS: { kind: ScenarioPopupKind; label: string }[] = [
  { kind: 'share', label: 'Share' },
  { kind: 'print', label: 'Print' },
  { kind: 'print-feedback', label: 'Print Feedback' },
];

/** Share, print and print the verbal feedback, each in its own window (spec 001 §2, pop-up pages). */
export function PopupButtons({ scenarioId, online }: { scenarioId: number; online: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {POPUPS.map((p) => (
        <Button
          key={p.kind}
          size="sm"
          variant="secondary"
          disabled={!online}
          title={online ? undefined : 'Needs a connection'}
          onClick={() => openScenarioPopup(p.kind, scenarioId)}
        >
          {p.label}
        </Button>
      ))}
    </div>
  );
}
