import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PlaylistEntry } from '@simvisit/schema';
import { Button, cn, TrashIcon } from '@simvisit/ui';
import { EntrySummary, entryTitle } from './EntrySummary';

export interface SortableEntriesProps {
  entries: readonly PlaylistEntry[];
  onReorder: (order: number[]) => void;
  onRemove: (entry: PlaylistEntry) => void;
  /** the entry being removed, if any */
  removingId: number | null;
}

const INSTRUCTIONS =
  'To reorder, press Space or Enter on a drag handle to pick up the scenario, use the Up and Down arrow keys to ' +
  'move it, then press Space or Enter to drop it, or Escape to cancel.';

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/**
 * The owner's scenario list with drag reorder (@dnd-kit): a pointer drags a row by its handle; the keyboard
 * picks it up with Space or Enter and moves it with the arrow keys. Each move is announced with the titles.
 */
export function SortableEntries({ entries, onReorder, onRemove, removingId }: SortableEntriesProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = entries.map((e) => e.id);
  const titleOf = (id: UniqueIdentifier) => {
    const entry = entries.find((e) => e.id === id);
    return entry ? entryTitle(entry) : 'scenario';
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label="Scenarios" className="divide-y divide-slate-100">
          {entries.map((entry, index) => (
            <SortableRow key={entry.id} entry={entry} position={index + 1} onRemove={onRemove} removing={removingId === entry.id} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  entry,
  position,
  onRemove,
  removing,
}: {
  entry: PlaylistEntry;
  position: number;
  onRemove: (entry: PlaylistEntry) => void;
  removing: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id });
  const title = entryTitle(entry);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('relative flex items-center gap-3 bg-white py-3', isDragging && 'z-10 rounded-lg shadow-lg ring-1 ring-brand-200')}
      data-entry-id={entry.id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="-ml-1 flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 active:cursor-grabbing"
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${title}, position ${position}`}
      >
        <GripIcon />
      </button>
      <EntrySummary entry={entry} status />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onRemove(entry)}
        disabled={removing}
        aria-busy={removing || undefined}
        aria-label={`Remove ${title}`}
        className="text-slate-500 hover:text-red-700"
      >
        <TrashIcon className="size-4" />
        <span className="hidden sm:inline">Remove</span>
      </Button>
    </li>
  );
}
