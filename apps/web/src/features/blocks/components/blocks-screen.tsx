import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { cx } from '../../../components/ui/field-styles';
import { PageHeader } from '../../../components/ui/page-header';
import { DayBlockForm } from './day-block-form';
import { DayBlocksTable } from './day-blocks-table';
import { RoomBlockForm } from './room-block-form';
import { RoomBlocksTable } from './room-blocks-table';

const tabs = [
  { value: 'dia', label: 'Bloquear Dia/Hora' },
  { value: 'sala', label: 'Bloquear Sala' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const triggerClass = cx(
  'min-h-10 rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors',
  'hover:text-ink data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=active]:shadow-sm',
);

/**
 * /admin/bloquear-hora (docs/business-rules.md §2): two tabs, each a form and the list of what is blocked from now on. The tab is in
 * the address (?tab=sala), so a reload or a shared link opens the same one.
 */
export function BlocksScreen({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'sala' ? 'sala' : 'dia';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Bloquear hora"
        description="Cierra un día, una hora o una sala para que nadie pueda reservarlos. Las sesiones que ya estaban reservadas no se cancelan."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'sala' ? { tab: 'sala' } : {}, { replace: true })}
      >
        <Tabs.List
          aria-label="Tipo de bloqueo"
          className="grid grid-cols-2 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200 sm:inline-grid"
        >
          {tabs.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={triggerClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="dia" className="mt-6 space-y-8 focus-visible:outline-offset-4">
          {canEdit && <DayBlockForm />}
          <DayBlocksTable canEdit={canEdit} />
        </Tabs.Content>
        <Tabs.Content value="sala" className="mt-6 space-y-8 focus-visible:outline-offset-4">
          {canEdit && <RoomBlockForm />}
          <RoomBlocksTable canEdit={canEdit} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
