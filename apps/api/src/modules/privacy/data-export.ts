import { toCsv } from '@sala/shared/common/csv';
import { creditLotSourceLabels, type TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import { formatFolio } from '@sala/shared/orders/folio';
import {
  privacyChannelLabels,
  privacyKindLabels,
  privacyStatusLabels,
} from '@sala/shared/privacy/privacy.contract';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import { ledgerReasonLabels, type TLedgerReason } from '@sala/shared/users/client-account.contract';

/** Everything the business holds on one person (ARCO access), as the modules that own it read it. */
export type PersonalData = {
  exportedAt: Date;
  profile: {
    id: string;
    name: string;
    email: string;
    phone: string;
    credits: number;
    role: string;
    isActive: boolean;
    remindersEnabled: boolean;
    createdAt: Date;
    closedAt: Date | null;
  };
  consents: { document: string; version: string; way: string; acceptedAt: string }[];
  sessions: {
    id: string;
    startsAt: Date;
    cityName: string;
    branchName: string;
    roomName: string;
    creditsCharged: number;
    bookedByName: string | null;
    createdAt: Date;
    cancelledAt: Date | null;
  }[];
  waitlist: {
    branchName: string;
    startsAt: Date;
    autoBook: boolean;
    minNoticeHours: number;
    createdAt: Date;
    endedAt: Date | null;
    endedReason: string | null;
    sessionId: string | null;
  }[];
  orders: {
    id: string;
    /** The folio people read on tickets and receipts (issue 39). */
    folio: number;
    createdAt: Date;
    status: string;
    isPos: boolean;
    method: string;
    totalCents: number;
    branchName: string | null;
    cashierName: string;
    cancelledAt: Date | null;
    lines: { name: string; quantity: number; unitPriceCents: number; creditsGranted: number }[];
  }[];
  /** Online payments started (card checkouts), and how each ended. */
  payments: {
    id: string;
    createdAt: Date;
    amountCents: number;
    totalCredits: number;
    gateway: string;
    status: string;
    orderId: string | null;
  }[];
  ledger: {
    createdAt: Date;
    delta: number;
    balanceAfter: number;
    reason: string;
    referenceId: string | null;
    note: string | null;
  }[];
  /** Issue 44: the credits by package, with their last day and what expired. */
  creditLots: TCreditLot[];
  emails: { createdAt: Date; subject: string; status: string; sentAt: Date | null; text: string }[];
  /** Invoicing (issue 42): the saved fiscal profile and the invoices made out to the person. */
  fiscal: {
    profile: {
      rfc: string;
      legalName: string;
      taxSystem: string;
      zip: string;
      cfdiUse: string;
      email: string;
    } | null;
    invoices: {
      kind: string;
      status: string;
      folio: string;
      uuid: string | null;
      totalCents: number;
      rfc: string;
      legalName: string;
      stampedAt: Date | null;
      cancelledAt: Date | null;
      createdAt: Date;
    }[];
  };
  /** WhatsApp (issue 43): the consent record and the messages written to the person. */
  whatsapp: {
    consent: {
      number: string;
      consentedAt: Date;
      noticeVersion: string;
      withdrawnAt: Date | null;
      withdrawnVia: string | null;
      unreachableAt: Date | null;
    } | null;
    messages: { createdAt: Date; to: string; status: string; text: string }[];
  };
  /** Open login sessions: when, from which address and browser. */
  logins: {
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    persistent: boolean;
    ip: string | null;
    userAgent: string | null;
  }[];
  privacyRequests: {
    kind: 'access' | 'rectification' | 'cancellation' | 'opposition';
    channel: 'web' | 'email' | 'in_person';
    status: 'open' | 'done' | 'refused';
    receivedAt: Date;
    dueOn: string;
    detail: string;
    resolution: string | null;
  }[];
};

export type ExportFile = { name: string; content: string };

const iso = (at: Date | null) => at?.toISOString() ?? null;
/** A Mexico City date and time, as people read them in a spreadsheet: '2026-11-25 10:00'. */
const local = (at: Date | null) => (at ? `${businessDate(at)} ${businessTime(at)}` : '');
const pesos = (cents: number) => (cents / 100).toFixed(2);

const waitlistEndings: Record<string, string> = {
  booked: 'Reservaste esa hora',
  auto_booked: 'Te la reservamos de la lista',
  left: 'Saliste de la lista',
  closed: 'Cuenta eliminada',
};

/**
 * The files of the download: `datos.json` with everything (ISO instants, amounts in centavos, as stored), and one CSV
 * per table for a spreadsheet (Mexico City times, pesos), with the corte's CSV conventions.
 */
export function personalDataFiles(data: PersonalData): ExportFile[] {
  // A payment names its order as the client knows it: by the order's folio.
  const folioOf = new Map(data.orders.map((o) => [o.id, formatFolio(o.folio)]));
  const json = {
    generado: iso(data.exportedAt),
    nota: 'Todo lo que Sala Común guarda sobre ti: tu perfil, tus consentimientos, tus sesiones, tus listas de espera, tus compras con sus líneas y tus pagos en línea, tus movimientos de créditos, tus datos fiscales y tus facturas, tus sesiones abiertas (cuándo, desde qué dirección y navegador), los correos y mensajes de WhatsApp que te escribimos (y tu consentimiento para WhatsApp) y tus solicitudes de privacidad. Los importes están en centavos y las fechas en UTC.',
    perfil: { ...data.profile, createdAt: iso(data.profile.createdAt), closedAt: iso(data.profile.closedAt) },
    consentimientos: data.consents,
    sesiones: data.sessions.map((s) => ({
      ...s,
      startsAt: iso(s.startsAt),
      createdAt: iso(s.createdAt),
      cancelledAt: iso(s.cancelledAt),
    })),
    listasDeEspera: data.waitlist.map((w) => ({
      ...w,
      startsAt: iso(w.startsAt),
      createdAt: iso(w.createdAt),
      endedAt: iso(w.endedAt),
    })),
    pedidos: data.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt), cancelledAt: iso(o.cancelledAt) })),
    pagosEnLinea: data.payments.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    sesionesAbiertas: data.logins.map((l) => ({
      ...l,
      createdAt: iso(l.createdAt),
      lastSeenAt: iso(l.lastSeenAt),
      expiresAt: iso(l.expiresAt),
    })),
    movimientosDeCreditos: data.ledger.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
    paquetesDeCreditos: data.creditLots,
    correos: data.emails.map((e) => ({ ...e, createdAt: iso(e.createdAt), sentAt: iso(e.sentAt) })),
    datosFiscales: data.fiscal.profile,
    facturas: data.fiscal.invoices.map((invoice) => ({
      ...invoice,
      stampedAt: iso(invoice.stampedAt),
      cancelledAt: iso(invoice.cancelledAt),
      createdAt: iso(invoice.createdAt),
    })),
    whatsapp: {
      consentimiento: data.whatsapp.consent && {
        ...data.whatsapp.consent,
        consentedAt: iso(data.whatsapp.consent.consentedAt),
        withdrawnAt: iso(data.whatsapp.consent.withdrawnAt),
        unreachableAt: iso(data.whatsapp.consent.unreachableAt),
      },
      mensajes: data.whatsapp.messages.map((message) => ({ ...message, createdAt: iso(message.createdAt) })),
    },
    solicitudesDePrivacidad: data.privacyRequests.map((r) => ({ ...r, receivedAt: iso(r.receivedAt) })),
  };
  return [
    { name: 'datos.json', content: `${JSON.stringify(json, null, 2)}\n` },
    {
      name: 'sesiones.csv',
      content: toCsv([
        ['Fecha y hora', 'Zona', 'Sucursal', 'Sala', 'Créditos', 'Reservó', 'Reservada el', 'Cancelada el'],
        ...data.sessions.map((s) => [
          local(s.startsAt),
          s.cityName,
          s.branchName,
          s.roomName,
          s.creditsCharged,
          s.bookedByName ?? '',
          local(s.createdAt),
          local(s.cancelledAt),
        ]),
      ]),
    },
    {
      name: 'listas-de-espera.csv',
      content: toCsv([
        [
          'Hora esperada',
          'Sucursal',
          'Reservación automática',
          'Anticipación (horas)',
          'Entró el',
          'Terminó el',
          'Cómo terminó',
        ],
        ...data.waitlist.map((w) => [
          local(w.startsAt),
          w.branchName,
          w.autoBook ? 'Sí' : 'No',
          w.minNoticeHours,
          local(w.createdAt),
          local(w.endedAt),
          w.endedReason ? (waitlistEndings[w.endedReason] ?? w.endedReason) : '',
        ]),
      ]),
    },
    {
      name: 'pedidos.csv',
      content: toCsv([
        ['Pedido', 'Fecha y hora', 'Dónde', 'Estado', 'Producto', 'Cantidad', 'Precio (pesos)', 'Créditos'],
        ...data.orders.flatMap((o) =>
          o.lines.map((line) => [
            formatFolio(o.folio),
            local(o.createdAt),
            o.isPos ? `Recepción${o.branchName ? ` (${o.branchName})` : ''}` : 'Tienda en línea',
            o.status === 'cancelled' ? 'Cancelada' : o.status === 'completed' ? 'Completada' : 'Pendiente',
            line.name,
            line.quantity,
            pesos(line.unitPriceCents),
            line.creditsGranted,
          ]),
        ),
      ]),
    },
    {
      name: 'pagos-en-linea.csv',
      content: toCsv([
        ['Iniciado el', 'Importe (pesos)', 'Créditos', 'Pasarela', 'Estado', 'Pedido'],
        ...data.payments.map((p) => [
          local(p.createdAt),
          pesos(p.amountCents),
          p.totalCredits,
          p.gateway === 'stripe' ? 'Stripe' : 'Modo de pruebas',
          p.status === 'paid' ? 'Pagado' : p.status === 'failed' ? 'Rechazado' : 'En proceso',
          (p.orderId && folioOf.get(p.orderId)) ?? '',
        ]),
      ]),
    },
    {
      name: 'sesiones-abiertas.csv',
      content: toCsv([
        ['Inició el', 'Última actividad', 'Vence el', 'Recordar sesión', 'Dirección IP', 'Navegador'],
        ...data.logins.map((l) => [
          local(l.createdAt),
          local(l.lastSeenAt),
          local(l.expiresAt),
          l.persistent ? 'Sí' : 'No',
          l.ip ?? '',
          l.userAgent ?? '',
        ]),
      ]),
    },
    {
      name: 'paquetes-de-creditos.csv',
      content: toCsv([
        ['Fecha', 'Origen', 'Créditos', 'Quedan', 'Vencidos', 'Vence'],
        ...data.creditLots.map((lot) => [
          local(new Date(lot.createdAt)),
          creditLotSourceLabels[lot.source],
          lot.credits,
          lot.remaining,
          lot.expired,
          lot.expiresOn ?? 'Sin vencimiento',
        ]),
      ]),
    },
    {
      name: 'movimientos-de-creditos.csv',
      content: toCsv([
        ['Fecha y hora', 'Movimiento', 'Créditos', 'Saldo después', 'Nota'],
        ...data.ledger.map((row) => [
          local(row.createdAt),
          ledgerReasonLabels[row.reason as TLedgerReason] ?? row.reason,
          row.delta,
          row.balanceAfter,
          row.note ?? '',
        ]),
      ]),
    },
    {
      name: 'correos.csv',
      content: toCsv([
        ['Escrito el', 'Asunto', 'Estado', 'Enviado el'],
        ...data.emails.map((e) => [
          local(e.createdAt),
          e.subject,
          e.status === 'sent' ? 'Enviado' : e.status === 'failed' ? 'No se pudo enviar' : 'Por enviar',
          local(e.sentAt),
        ]),
      ]),
    },
    {
      name: 'solicitudes-de-privacidad.csv',
      content: toCsv([
        ['Recibida el', 'Derecho', 'Medio', 'Estado', 'Vence el', 'Detalle', 'Respuesta'],
        ...data.privacyRequests.map((r) => [
          local(r.receivedAt),
          privacyKindLabels[r.kind],
          privacyChannelLabels[r.channel],
          privacyStatusLabels[r.status],
          r.dueOn,
          r.detail,
          r.resolution ?? '',
        ]),
      ]),
    },
  ];
}
