import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cx } from './field-styles';

const sizes = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-2xl',
} as const;

export type ModalSize = keyof typeof sizes;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Optional text under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row at the bottom (right-aligned; stacked on small screens). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Shows the top-right 'Cerrar' (X) button. Default true. */
  showCloseButton?: boolean;
  className?: string;
}

/** Generic accessible modal (radix Dialog): focus trap, Escape/overlay close, title and optional description. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  showCloseButton = true,
  className,
}: ModalProps) {
  const hasDescription = description !== undefined && description !== null && description !== '';
  /** Modal is controlled (no Dialog.Trigger), so remember what had focus to give it back on close. */
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="modal-overlay" className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          {...(hasDescription ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            returnFocusRef.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            // Escape in an open combobox (e.g. SearchPicker) should close its list, not the whole modal.
            const target = event.target;
            if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') {
              event.preventDefault();
            }
          }}
          className={cx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl ring-1 ring-black/5 focus:outline-none',
            sizes[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-6">
            <div className="flex flex-col gap-1.5">
              <Dialog.Title className="font-display text-xl font-semibold text-ink">{title}</Dialog.Title>
              {hasDescription && (
                <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
              )}
            </div>
            {showCloseButton && (
              <Dialog.Close
                aria-label="Cerrar"
                className="-mt-1 -mr-2 rounded-lg p-1.5 text-muted transition-colors hover:bg-sand-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            )}
          </div>
          {children !== undefined && children !== null && (
            <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4">{children}</div>
          )}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 px-6 pt-6 pb-6 sm:flex-row sm:justify-end">
              {footer}
            </div>
          ) : (
            <div className="pb-6" />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
