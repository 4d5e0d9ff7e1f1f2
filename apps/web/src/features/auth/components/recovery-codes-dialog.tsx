import { Copy, Download } from 'lucide-react';
import { COPY_FAILURE_MESSAGE } from '../../../components/ui/copy-field';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/toast';
import { downloadText } from '../../../lib/download-csv';

export const recoveryCodesMessages = {
  copied: 'Copiamos tus códigos de recuperación.',
  fileName: 'sala-comun-codigos-de-recuperacion.txt',
} as const;

/** The .txt file: whose codes they are, and how they are used, so a file found months later still says. */
export function recoveryCodesFile(codes: string[], email: string) {
  return [
    'Sala Común · Códigos de recuperación',
    `Cuenta: ${email}`,
    '',
    ...codes,
    '',
    'Cada código sirve una sola vez para iniciar sesión si no tienes a la mano tu app de autenticación.',
    'Guárdalos en un lugar seguro y no los compartas.',
    '',
  ].join('\r\n');
}

/**
 * The ten recovery codes, shown once (turning the second factor on, or asking for new ones): the server keeps only
 * their hashes. Closed only with "Ya los guardé": a stray click or Escape would lose them for good.
 */
export function RecoveryCodesDialog({
  codes,
  email,
  onClose,
}: {
  codes: string[] | null;
  email: string;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(codes!.join('\n'));
      notify.success(recoveryCodesMessages.copied);
    } catch {
      notify.error(COPY_FAILURE_MESSAGE);
    }
  };
  return (
    <Modal
      open={codes !== null}
      onOpenChange={() => {}}
      title="Tus códigos de recuperación"
      description="Guárdalos en un lugar seguro. Si pierdes tu teléfono, cada código te deja iniciar sesión una vez. Solo los mostramos ahora."
      showCloseButton={false}
      size="lg"
      footer={<Button onClick={onClose}>Ya los guardé</Button>}
    >
      {codes && (
        <div className="space-y-4">
          <ol
            aria-label="Códigos de recuperación"
            className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-sand-50 p-4 font-mono text-base text-ink ring-1 ring-slate-200 sm:text-lg"
          >
            {codes.map((code) => (
              <li key={code} className="text-center tracking-wider select-all">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" /> Copiar
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => downloadText(recoveryCodesFile(codes, email), recoveryCodesMessages.fileName)}
            >
              <Download aria-hidden className="size-4" /> Descargar
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
