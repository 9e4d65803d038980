import { Button, PlusIcon } from '@simvisit/ui';
import { useRouter } from '@tanstack/react-router';
import { useCreateScenario } from './scenario-queries';

/**
 * Creates a new draft (POST api/scenario) and opens it at /scenarios/{id} (spec 001 §2, 000 §2.11). Creating
 * needs the server, so the button waits for its answer and a failure is shown as a notification.
 */
export function CreateScenarioButton({ label }: { label: string }) {
  const router = useRouter();
  const create = useCreateScenario((id) => void router.navigate({ href: `/scenarios/${id}` }));
  return (
    <Button onClick={() => create.mutate()} disabled={create.isPending} aria-busy={create.isPending}>
      <PlusIcon className="size-4" />
      {label}
    </Button>
  );
}
