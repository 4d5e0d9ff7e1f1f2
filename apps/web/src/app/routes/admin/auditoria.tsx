import { AuditTable } from '../../../features/audit/components/audit-table';

export default function AdminAuditPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">Auditoría</h1>
        <p className="mt-1 text-muted">
          Quién cambió qué y cuándo: usuarios, zonas, sucursales, salas, productos, bloqueos y cancelaciones,
          con el valor de antes y el de después.
        </p>
      </div>
      <AuditTable />
    </div>
  );
}
