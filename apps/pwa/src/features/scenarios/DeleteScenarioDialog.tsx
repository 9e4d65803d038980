import type { ScenarioCard } from '@simvisit/schema';
import { Button, Modal } from '@simvisit/ui';
import { UNTITLED_SCENARIO } from './ScenarioCard';
import { useDeleteScenario } from './scenario-queries';
import { DELETE_TEXTS } from './scenario-texts';

export interface DeleteScenarioDialogProps {
  /** The draft to delete; null closes the dialog. */
  scenario: ScenarioCard | null;
  onClose: () => void;
}

/** The confirmation of spec 000 §2.11 and §5 before GET api/scenario/{id}/delete; the lists reload afterwards. */
export function DeleteScenarioDialog({ scenario, onClose }: DeleteScenarioDialogProps) {
  const remove = useDeleteScenario(onClose);
  return (
    <Modal
      open={scenario !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={DELETE_TEXTS.title}
      description={DELETE_TEXTS.question}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            {DELETE_TEXTS.cancel}
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending || scenario === null}
            aria-busy={remove.isPending}
            onClick={() => scenario && remove.mutate(scenario.id)}
          >
            {DELETE_TEXTS.confirm}
          </Button>
        </>
      }
    >
      {scenario ? <p className="font-medium text-slate-900">{scenario.title?.trim() || UNTITLED_SCENARIO}</p> : null}
    </Modal>
  );
}
