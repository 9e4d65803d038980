import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom right. */
  footer?: ReactNode;
  className?: string;
}

/** A centred dialog: focus is trapped inside, Escape and a click outside close it. */
export function Modal({ open, onOpenChange, title, description, children, footer, className }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
          // Without a description Radix expects an explicit undefined, else it points at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500">
              <CloseIcon />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mt-2 text-sm text-slate-600">{description}</Dialog.Description> : null}
          {children ? <div className="mt-4 text-sm text-slate-700">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
