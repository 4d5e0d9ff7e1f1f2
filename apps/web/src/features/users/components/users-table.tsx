import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { roleLabels, type TUser, USER_PAGE_SIZES } from '@sala/shared/users/users.contract';
import { Eye, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ActiveStatus } from '../../../components/ui/active-status';
import {
  ACTIONS_COLUMN_ID,
  DataTable,
  type DataTableColumn,
  useTableState,
} from '../../../components/ui/data-table';
import { IconButton, iconButtonClass } from '../../../components/ui/icon-button';
import { EmailText } from '../../../components/ui/table-cells';
import { reportFailure } from '../../../lib/form-errors';
import { useSetUserActive, useUsers } from '../api/users-api';
import { UserFormDialog } from './user-form-dialog';

export function UsersTable({ actor }: { actor: TSessionUser }) {
  const [state, setState] = useTableState({ sort: 'name' });
  const users = useUsers(state);
  const setActive = useSetUserActive();
  const [editing, setEditing] = useState<TUser | null>(null);
  const isSuper = actor.role === 'superadmin';

  const columns = useMemo<DataTableColumn<TUser>[]>(
    () => [
      {
        id: 'name',
        header: 'Nombre',
        cell: ({ row }) => <span className="font-medium text-ink">{row.original.name}</span>,
      },
      { id: 'email', header: 'Correo', cell: ({ row }) => <EmailText email={row.original.email} /> },
      { id: 'phone', header: 'Teléfono', cell: ({ row }) => row.original.phone },
      { id: 'role', header: 'Rol', cell: ({ row }) => roleLabels[row.original.role] },
      { id: 'credits', header: 'Créditos', cell: ({ row }) => row.original.credits },
      {
        id: 'isActive',
        header: 'Estado',
        cell: ({ row }) => (
          <ActiveStatus
            canChange={isSuper && row.original.id !== actor.id}
            isActive={row.original.isActive}
            itemName={row.original.name}
            onChange={(isActive) =>
              reportFailure(
                () => setActive.mutateAsync({ id: row.original.id, isActive }),
                commonMessages.genericError,
              )
            }
          />
        ),
      },
      {
        id: ACTIONS_COLUMN_ID,
        header: 'Acciones',
        enableSorting: false,
        cell: ({ row }) => {
          const canEdit = isSuper || row.original.role === 'user';
          return (
            <div className="flex gap-1">
              {canEdit && (
                <IconButton
                  icon={Pencil}
                  label={`Editar ${row.original.name}`}
                  onClick={() => setEditing(row.original)}
                />
              )}
              <Link
                to={`/admin/usuarios/${row.original.id}`}
                className={iconButtonClass}
                aria-label={`Ver perfil de ${row.original.name}`}
                title="Ver perfil"
              >
                <Eye aria-hidden className="size-4" />
              </Link>
            </div>
          );
        },
      },
    ],
    [isSuper, actor.id, setActive],
  );

  return (
    <>
      <DataTable
        caption="Usuarios"
        columns={columns}
        data={users.data}
        isLoading={users.isFetching}
        state={state}
        onStateChange={setState}
        pageSizes={USER_PAGE_SIZES}
        getRowId={(row) => row.id}
      />
      {editing && (
        <UserFormDialog
          user={editing}
          actor={actor}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </>
  );
}
