import { commonMessages } from '@sala/shared/errors/messages';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import {
  readSecondFactor,
  SecondFactorField,
  type SecondFactorMode,
  type SecondFactorProof,
} from './second-factor-field';

/**
 * A change to the second factor itself (new recovery codes, turning it off) asks for proof that the person still
 * holds it: a code from the app, or a recovery code. A refusal is said under the field; the dialog stays open.
 */
export function SecondFactorProofDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone,
  onProof,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  /** Sends the proof; a rejection keeps the dialog open with the API's message under the field. */
  onProof: (proof: SecondFactorProof) => Promise<unknown>;
}) {
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  // Each time it opens it starts empty: a code typed minutes ago has expired anyway.
  useEffect(() => {
    if (!open) return;
    setMode('code');
    setTyped('');
    setError(undefined);
  }, [open]);

  const confirm = async () => {
    const read = readSecondFactor(mode, typed);
    if ('error' in read) {
      setError(read.error);
      inputRef.current?.focus();
      throw new Error(read.error);
    }
    setError(undefined);
    try {
      await onProof(read.proof);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 && failure.status !== 0
          ? failure.message
          : commonMessages.genericError,
      );
      if (failure instanceof ApiError && (failure.status === 401 || failure.fields)) setTyped('');
      inputRef.current?.focus();
      throw failure;
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={confirm}
    >
      <SecondFactorField
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          setTyped('');
          setError(undefined);
        }}
        value={typed}
        onValueChange={setTyped}
        error={error}
        inputRef={inputRef}
      />
    </ConfirmDialog>
  );
}
