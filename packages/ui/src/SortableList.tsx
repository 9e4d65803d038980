import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useState } from 'react';
import { cn } from './cn';

/** Items move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** One moment of a drag, for the live announcement a screen reader hears; positions are 1-based. */
export interface MoveAnnouncement<T> {
  kind: 'start' | 'over' | 'end' | 'cancel';
  item: T | undefined;
  /** Where the moved item stands in the list. */
  from: number;
  /** The position it is over or dropped at; null when it is over none. */
  to: number | null;
  count: number;
}

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** Names the list for assistive technology ("Questions"). */
  label: string;
  /** What an item is, in the keyboard instructions read when a handle gets focus ("a question"). */
  itemNoun: string;
  announce: (event: MoveAnnouncement<T>) => string;
  /** The accessible name of an item's drag handle; without it the items have no handles and stay put. */
  handleLabel?: (item: T, number: number) => string;
  /** Sends the new order (ids); the list shows it until the promise settles, then shows `items` again. */
  onReorder: (order: number[]) => Promise<unknown>;
  /** What a row shows next to its handle. */
  renderItem: (item: T, number: number) => ReactNode;
}

/**
 * An ordered list reordered by dragging a handle with a pointer, a finger or the keyboard (dnd-kit), shared
 * by rubric questions and scenario form items. The new order shows at once while it is sent; when the owner's
 * call settles the list shows `items` again, so a refused order goes back to the server's.
 */
export function SortableList<T extends { id: number }>(props: SortableListProps<T>) {
  const { items, label, itemNoun, announce, handleLabel, onReorder, renderItem } = props;
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const shown = pendingOrder ? inOrder(items, pendingOrder) : items;
  const ids = shown.map((i) => i.id);
  const busy = pendingOrder !== null;

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle on a tablet is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const say = (kind: MoveAnnouncement<T>['kind'], active: UniqueIdentifier, over: UniqueIdentifier | null) =>
    announce({
      kind,
      item: shown.find((i) => i.id === Number(active)),
      from: position(active),
      to: over === null ? null : position(over),
      count: ids.length,
    });
  const announcements: Announcements = {
    onDragStart: ({ active }) => say('start', active.id, null),
    onDragOver: ({ active, over }) => say('over', active.id, over?.id ?? null),
    onDragEnd: ({ active, over }) => say('end', active.id, over?.id ?? null),
    onDragCancel: ({ active }) => say('cancel', active.id, null),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    const order = arrayMove(ids, from, to);
    setPendingOrder(order);
    // A refusal is the owner's to report; either way the list then shows the owner's items.
    void onReorder(order)
      .catch(() => undefined)
      .finally(() => setPendingOrder(null));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructionsFor(itemNoun) } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} aria-busy={busy} className="space-y-3">
          {shown.map((item, index) => (
            <SortableRow key={item.id} id={item.id} handleLabel={handleLabel?.(item, index + 1)} dragDisabled={busy || shown.length < 2}>
              {renderItem(item, index + 1)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** How to move an item with the keyboard. */
function instructionsFor(noun: string): string {
  return (
    `To move ${noun}, press Space or Enter on its handle. Use the up and down arrow keys to move it, then ` +
    'press Space or Enter to drop it in its new place, or Escape to cancel.'
  );
}

/** The items put in `order` (ids), as the server stores them after a reorder. */
function inOrder<T extends { id: number }>(items: readonly T[], order: readonly number[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return order.map((id) => byId.get(id)).filter((i) => i !== undefined);
}

interface SortableRowProps {
  id: number;
  handleLabel: string | undefined;
  dragDisabled: boolean;
  children: ReactNode;
}

function SortableRow({ id, handleLabel, dragDisabled, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: handleLabel === undefined || dragDisabled,
  });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex gap-3 rounded-lg border bg-white p-3 sm:p-4',
        isDragging ? 'relative z-10 border-brand-300 shadow-lg' : 'border-slate-200',
      )}
    >
      {handleLabel !== undefined ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={handleLabel}
          className={cn(
            '-my-1 flex w-8 shrink-0 touch-none items-center justify-center self-stretch rounded-md text-slate-500',
            'hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500',
            dragDisabled ? 'cursor-not-allowed opacity-50' : 'cursor-grab active:cursor-grabbing',
          )}
        >
          <GripIcon />
        </button>
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">{children}</div>
    </li>
  );
}

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}
