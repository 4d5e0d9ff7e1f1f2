import { OutboxTable } from '../../../features/mail/components/outbox-table';

export default function AdminOutboxPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">Correos</h1>
        <p className="mt-1 text-muted">
          Los correos que envía el sistema (avisos de registro, enlaces de contraseña, reservaciones, recibos
          y recordatorios) con su estado de envío. Un correo fallido se puede reintentar.
        </p>
      </div>
      <OutboxTable />
    </div>
  );
}
