import { type ReactNode, useState } from 'react';
import { Button } from './link-button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (deletions, cancellations). */
  tone?: 'default' | 'danger';
  /**
   * Runs when confirmed. While its promise is pending the button shows a spinner and the dialog can't be closed.
   * Resolves → the dialog closes. Throws/rejects → the dialog stays open (report the error yourself, e.g. a toast).
   */
  onConfirm: () => void | Promise<void>;
  /** Extra content, e.g. a typed-confirmation input. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/** Confirmation modal built on Modal. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  tone = 'default',
  onConfirm,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const [loading, setLoading] = useState(false);

  const handleConfirm = async () => {
    setLoading(true);
    try {
      await onConfirm();
    } catch {
      // stay open so the user can retry or cancel; the caller reports the error
      setLoading(false);
      return;
    }
    setLoading(false);
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!loading) onOpenChange(next);
      }}
      title={title}
      description={description}
      showCloseButton={false}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => void handleConfirm()}
            loading={loading}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
