import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ACTIONS_COLUMN_ID, type DataTableColumn } from './data-table';
import { Button } from './link-button';
import { PageHeader } from './page-header';

type AdminScreenProps = {
  title: string;
  description: string;
  /** The create button's text; shown only with onCreate (to those who may create). */
  createLabel: string;
  onCreate?: () => void;
  children: ReactNode;
};

/** An admin screen: its title, the create button for those who may create, then the table and dialogs. */
export function AdminScreen({ title, description, createLabel, onCreate, children }: AdminScreenProps) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          onCreate && (
            <Button onClick={onCreate}>
              <Plus aria-hidden className="size-4" /> {createLabel}
            </Button>
          )
        }
      />
      {children}
    </div>
  );
}

/**
 * The 'Acciones' column, or no column at all for someone who may not act (docs/business-rules.md §6: admins see tables without
 * the action column).
 */
export function actionsColumn<T>(visible: boolean, render: (row: T) => ReactNode): DataTableColumn<T>[] {
  if (!visible) return [];
  return [
    {
      id: ACTIONS_COLUMN_ID,
      header: 'Acciones',
      enableSorting: false,
      cell: ({ row }) => <div className="flex gap-1">{render(row.original)}</div>,
    },
  ];
}
