import { confirmsBranchName, type TBranch } from '@sala/shared/locations/branches.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDeleteBranch } from '../api/branches-api';

/** docs/business-rules.md §5: a branch is deleted only after its name is typed again. */
export function DeleteBranchDialog({ branch, onClose }: { branch: TBranch; onClose: () => void }) {
  const remove = useDeleteBranch();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar sucursal"
      description={
        <>
          Esta acción no se puede deshacer. Escribe <strong className="text-ink">{branch.name}</strong> para
          confirmar.
        </>
      }
      confirmLabel="Eliminar"
      tone="danger"
      onConfirm={async () => {
        if (!confirmsBranchName(typed, branch.name)) {
          setError(m.branchNameMismatch);
          notify.error(m.branchNameMismatch);
          throw new Error(m.branchNameMismatch);
        }
        await reportFailure(
          () => remove.mutateAsync({ id: branch.id, body: { confirmName: typed } }),
          m.saveFailed,
        );
        notify.success(m.branchDeleted);
      }}
    >
      <TextField
        label="Nombre de la sucursal"
        autoComplete="off"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </ConfirmDialog>
  );
}
