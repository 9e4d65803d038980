import { Alert } from '@simvisit/ui';
import { SCENARIO_LIST_TEXTS } from './scenario-texts';

/** Says that a list came from the device because the server could not be reached (DESIGN.md §5: read offline). */
export function SavedCopyNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Alert tone="warning" role="status" data-testid="scenarios-saved-copy">
      {SCENARIO_LIST_TEXTS.savedCopy}
    </Alert>
  );
}
