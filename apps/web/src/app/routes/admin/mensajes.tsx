import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { OutboxTable } from '../../../features/mail/components/outbox-table';
import { WhatsAppMessagesTable } from '../../../features/whatsapp/components/whatsapp-messages-table';

type Channel = 'correos' | 'whatsapp';

/**
 * Administración → Mensajes (super admin): what the system writes to people, by channel: the e-mails (the outbox)
 * and, since issue 43, the WhatsApp messages. The open tab is in the address (?canal=whatsapp), so a reload or a
 * link keeps it; /admin/correos still leads here.
 */
export default function AdminMessagesPage() {
  const [params, setParams] = useSearchParams();
  const channel: Channel = params.get('canal') === 'whatsapp' ? 'whatsapp' : 'correos';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-800">Mensajes</h1>
        <p className="mt-1 max-w-3xl text-muted">
          Los mensajes que envía el sistema con su estado de envío. Por correo: avisos de registro, enlaces de
          contraseña, reservaciones, recibos y recordatorios (un correo fallido se puede reintentar). Por
          WhatsApp: las confirmaciones, recordatorios y cancelaciones de los clientes que activaron los
          avisos.
        </p>
      </div>
      <Tabs<Channel>
        label="Canal"
        value={channel}
        onValueChange={(next) => setParams(next === 'whatsapp' ? { canal: next } : {}, { replace: true })}
        tabs={[
          { value: 'correos', label: 'Correos', content: <OutboxTable /> },
          { value: 'whatsapp', label: 'WhatsApp', content: <WhatsAppMessagesTable /> },
        ]}
      />
    </div>
  );
}
