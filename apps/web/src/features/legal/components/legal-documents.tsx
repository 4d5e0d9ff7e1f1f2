import { BOOKING_WINDOW_DAYS } from '@sala/shared/bookings/availability';
import { ALMOST_THRESHOLD_MS } from '@sala/shared/bookings/session-timing';
import { WAITLIST_MAX_ACTIVE } from '@sala/shared/bookings/waitlist';
import { creditExpiryTerms } from '@sala/shared/credits/credit-lots.schedule';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { type LegalView, UNPUBLISHED_NOTICE_ID } from '@sala/shared/legal/legal-view';
import { DEFAULT_SESSION_COST, DEFAULT_STANDING_WEEKS_MAX } from '@sala/shared/locations/branches.contract';
import { WHATSAPP_PURPOSE } from '@sala/shared/whatsapp/whatsapp.messages';
import type { ReactNode } from 'react';
import { AppLink } from '../../../lib/navigation';

/** The hours before a session when it can no longer be cancelled: the rule the booking code enforces. */
const CANCEL_HOURS = ALMOST_THRESHOLD_MS / 3_600_000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="font-display text-2xl font-semibold text-brand-800">{title}</h2>
      {children}
    </section>
  );
}

const List = ({ children }: { children: ReactNode }) => (
  <ul className="list-disc space-y-2 pl-6">{children}</ul>
);

function Document({ version, view, children }: { version: string; view: LegalView; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12 leading-relaxed text-ink">
      <p className="text-sm text-muted">Versión del {formatCalendarDate(version)}.</p>
      {/*
        While the business has not published its facts (none, or the demo's examples), the page says so instead of
        showing invented ones (issue 39). Prerendered, the text is a token the server fills, empty once they are
        published: an empty note is hidden.
      */}
      <p
        id={UNPUBLISHED_NOTICE_ID}
        role="note"
        className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950 empty:hidden"
      >
        {view.unpublished}
      </p>
      {children}
    </article>
  );
}

const Mail = ({ view }: { view: LegalView }) => (
  <a href={view.privacyEmailHref} className="font-semibold text-brand-700 underline">
    {view.privacyEmail}
  </a>
);

/**
 * The integral privacy notice (LFPDPPP 2025, docs/business-rules.md D§11): who is responsible, what data and why,
 * necessary and voluntary purposes, transfers, the ARCO rights and how to exercise them, retention, cookies, changes.
 */
export function PrivacyNotice({ view }: { view: LegalView }) {
  return (
    <Document version={currentVersion(PRIVACY_NOTICE_VERSIONS).date} view={view}>
      <Section title="Quién es responsable de tus datos">
        <p>
          <strong>{view.legalName}</strong> («Sala Común»), con domicilio en {view.address}, es responsable
          del tratamiento de tus datos personales. Para cualquier asunto de privacidad escríbenos a{' '}
          <Mail view={view} />.
        </p>
      </Section>
      <Section title="Qué datos recabamos">
        <List>
          <li>
            <strong>Identificación y contacto:</strong> tu nombre, tu correo electrónico y tu teléfono.
          </li>
          <li>
            <strong>Tu cuenta:</strong> tu contraseña (guardada cifrada: nadie la puede leer), tus créditos y,
            por seguridad, los registros de acceso (fecha, dirección IP y navegador).
          </li>
          <li>
            <strong>Tu actividad:</strong> las sesiones que reservas o cancelas, tus compras, los movimientos
            de tus créditos y los correos que te enviamos.
          </li>
          <li>
            <strong>Datos fiscales, solo si pides factura:</strong> tu RFC, tu nombre o razón social, tu
            régimen fiscal, tu código postal fiscal, el uso del CFDI y el correo al que enviamos tus facturas.
          </li>
          <li>
            <strong>Pagos con tarjeta:</strong> los datos de tu tarjeta los recibe directamente nuestro
            procesador de pagos; nosotros no los vemos ni los guardamos.
          </li>
        </List>
        <p>
          No recabamos datos personales sensibles: no guardamos información clínica ni de salud tuya ni de tus
          pacientes.
        </p>
      </Section>
      <Section title="Para qué los usamos">
        <h3 className="font-semibold">Finalidades necesarias (sin ellas no podemos darte el servicio)</h3>
        <List>
          <li>Crear y administrar tu cuenta, y comprobar que eres tú al iniciar sesión.</li>
          <li>Reservar y cancelar tus sesiones, y confirmarte cada reservación y cancelación por correo.</li>
          <li>Venderte créditos y servicios, cobrarlos y enviarte tus recibos.</li>
          <li>Llevar nuestra contabilidad y cumplir las obligaciones fiscales y legales.</li>
          <li>Emitir las facturas (CFDI) que nos pidas, y la factura global de las ventas sin factura.</li>
          <li>Proteger tu cuenta y el sitio (límites de intentos de acceso, registros de acceso).</li>
        </List>
        <h3 className="font-semibold">
          Finalidades voluntarias (puedes negarte y seguir usando el servicio)
        </h3>
        <List>
          <li>
            Recordarte por correo cada sesión {CANCEL_HOURS} horas antes. Puedes desactivar los recordatorios
            en{' '}
            <AppLink to="/perfil" className="font-semibold text-brand-700 underline">
              Mi perfil
            </AppLink>{' '}
            → Mis datos personales, o con el enlace «Dejar de recibir recordatorios» que trae cada
            recordatorio.
          </li>
          {/* The same words as the consent in Mi perfil → Avisos por WhatsApp (one text, in shared). */}
          <li>{WHATSAPP_PURPOSE}</li>
        </List>
      </Section>
      <Section title="Con quién compartimos tus datos">
        <p>
          No vendemos ni cedemos tus datos. Los comunicamos solo a quienes nos ayudan a darte el servicio, que
          los tratan por nuestra cuenta y bajo nuestras instrucciones:
        </p>
        <List>
          <li>
            <strong>Stripe</strong>, nuestro procesador de pagos, para cobrar los pagos con tarjeta.
          </li>
          <li>
            <strong>Nuestro proveedor de correo electrónico</strong>, para entregarte los correos que te
            enviamos.
          </li>
          <li>
            <strong>Nuestro proveedor de facturación (PAC)</strong>, para timbrar tus facturas ante el
            Servicio de Administración Tributaria (SAT), que las recibe por ley.
          </li>
          <li>
            <strong>Meta Platforms (WhatsApp)</strong>, solo si activas los avisos por WhatsApp en Mi perfil:
            tu número y los datos de cada aviso (tu nombre, el día, la hora y el lugar de tu sesión), para
            entregártelos por WhatsApp.
          </li>
        </List>
        <p>
          También los entregamos a las autoridades que los requieran conforme a la ley. Estas comunicaciones
          no necesitan tu consentimiento.
        </p>
      </Section>
      <Section title="Tus derechos ARCO y cómo ejercerlos">
        <p>
          Tienes derecho a <strong>acceder</strong> a tus datos, <strong>rectificarlos</strong>,{' '}
          <strong>cancelarlos</strong> y <strong>oponerte</strong> a su uso, y a revocar tu consentimiento:
        </p>
        <List>
          <li>
            <strong>En línea</strong>, desde{' '}
            <AppLink to="/perfil" className="font-semibold text-brand-700 underline">
              Mi perfil
            </AppLink>{' '}
            → Mis datos personales: descarga todo lo que guardamos sobre ti (acceso), corrige tu nombre,
            teléfono o correo (rectificación), elimina tu cuenta (cancelación) o desactiva los recordatorios
            (oposición).
          </li>
          <li>
            <strong>Por correo</strong> a <Mail view={view} /> o <strong>en persona</strong> en cualquiera de
            nuestras sucursales: dinos tu nombre, el correo de tu cuenta, el derecho que ejerces y lo que
            pides.
          </li>
        </List>
        <p>
          Te respondemos en un plazo máximo de <strong>20 días hábiles</strong> desde que recibimos tu
          solicitud y, si procede, la hacemos efectiva dentro de los 15 días hábiles siguientes.
        </p>
      </Section>
      <Section title="Cuánto tiempo conservamos tus datos">
        <p>
          Mientras tengas una cuenta. Si la eliminas, bloqueamos tus datos en ese momento (ya nadie los usa ni
          los ve) y los suprimimos al cumplirse {view.retention}, el plazo que piden las leyes fiscales para
          conservar los registros contables. Los importes de tus compras y sesiones se quedan, sin tus datos
          personales, porque forman parte de la contabilidad.
        </p>
      </Section>
      <Section title="Cookies">
        <p>
          Usamos solo dos cookies, ambas necesarias: la de tu sesión y una que recuerda que este navegador ya
          inició sesión antes (protege tu cuenta de los intentos de acceso de otros). No usamos cookies de
          publicidad ni de analítica.
        </p>
      </Section>
      <Section title="Cambios a este aviso">
        <p>
          Si lo cambiamos, publicamos aquí la nueva versión con su fecha. Si el cambio agrega finalidades, te
          pediremos de nuevo tu consentimiento la próxima vez que inicies sesión.
        </p>
      </Section>
      <Section title="Autoridad">
        <p>
          Si consideras que no atendimos tus derechos, puedes acudir a la autoridad de protección de datos
          personales, la Secretaría Anticorrupción y Buen Gobierno.
        </p>
      </Section>
    </Document>
  );
}

/**
 * The terms: credits, the cancellation rule and refunds, payment methods, what a cancelled order does and closing an
 * account. Every rule is read from the constant the code enforces, so the text cannot drift from the behaviour.
 */
export function TermsDocument({ view }: { view: LegalView }) {
  const cost = DEFAULT_SESSION_COST === 1 ? '1 crédito' : `${DEFAULT_SESSION_COST} créditos`;
  return (
    <Document version={currentVersion(TERMS_VERSIONS).date} view={view}>
      <p>
        Estos términos aplican al sitio y a los consultorios de <strong>{view.legalName}</strong> («Sala
        Común»), con domicilio en {view.address}. Al crear tu cuenta los aceptas.
      </p>
      <Section title="Tu cuenta">
        <List>
          <li>
            Para comprar créditos y reservar necesitas una cuenta. Si te registras en línea, tu cuenta queda
            en revisión hasta que el personal la activa.
          </li>
          <li>Tu contraseña es tuya: no la compartas. Cada reservación hecha con tu cuenta es tuya.</li>
        </List>
      </Section>
      <Section title="Créditos">
        <List>
          <li>
            Compras créditos en paquetes, en línea o en recepción. Cada paquete da sus créditos y los de
            regalo que indique, por cada unidad que compres.
          </li>
          {creditExpiryTerms().map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
          <li>
            Cada sesión de una hora cuesta los créditos que indica su sucursal en{' '}
            <AppLink to="/sucursales" className="font-semibold text-brand-700 underline">
              Sucursales
            </AppLink>{' '}
            ({cost}, salvo que la sucursal indique otro costo). Los créditos se descuentan al reservar.
          </li>
        </List>
      </Section>
      <Section title="Reservaciones y cancelaciones">
        <List>
          <li>
            Puedes reservar desde hoy y hasta {BOOKING_WINDOW_DAYS - 1} días después, en las horas en que abre
            cada sucursal (los domingos no hay servicio).
          </li>
          <li>
            Puedes cancelar una sesión desde tu perfil con <strong>más de {CANCEL_HOURS} horas</strong> de
            anticipación: te devolvemos los créditos que costó. Cuando faltan {CANCEL_HOURS} horas o menos ya
            no se puede cancelar y sus créditos no se devuelven, tampoco si no llegas.
          </li>
          <li>
            Con la misma anticipación puedes <strong>cambiar</strong> una sesión a otra hora libre de los
            próximos días: si la nueva cuesta más créditos se descuenta la diferencia, y si cuesta menos te la
            devolvemos.
          </li>
          <li>
            Una <strong>reserva fija</strong> repite la misma hora cada semana o cada dos semanas (hasta{' '}
            {DEFAULT_STANDING_WEEKS_MAX} fechas, o las que permita la sucursal). Antes de confirmarla ves cada
            fecha y lo que cuesta; al confirmarla se reservan esas fechas y se descuentan sus créditos. Cada
            fecha se cancela o se cambia como cualquier otra sesión.
          </li>
          <li>
            Si una hora está llena puedes entrar a su <strong>lista de espera</strong> (hasta{' '}
            {WAITLIST_MAX_ACTIVE} horas a la vez). Si se libera una sala te avisamos por correo; si pediste
            que te la reservemos automáticamente, la reservamos a tu nombre con tus créditos, solo si se
            libera con la anticipación que elegiste y te alcanzan, y te enviamos la confirmación. La lista
            sigue el orden en que se apuntaron.
          </li>
        </List>
      </Section>
      <Section title="Pagos">
        <List>
          {/* Every way the store takes payment online (PAYMENT_METHODS), as checkout offers them (issue 39). */}
          <li>{view.onlinePayments}</li>
          <li>En recepción: en efectivo, con tarjeta o por transferencia.</li>
          <li>Los precios están en pesos mexicanos.</li>
        </List>
      </Section>
      <Section title="Órdenes canceladas">
        <p>
          Si cancelamos una orden, retiramos los créditos que te dio (nunca dejamos tu saldo en negativo: los
          que ya usaste no se descuentan) y, si la pagaste con tarjeta en línea, te devolvemos el cargo a la
          misma tarjeta.
        </p>
      </Section>
      <Section title="Eliminar tu cuenta">
        <p>
          Puedes eliminar tu cuenta desde Mi perfil cuando no tengas sesiones por venir ni pagos en proceso.
          Los créditos que te queden se cancelan al eliminarla: úsalos antes, o escríbenos a{' '}
          <Mail view={view} />.
        </p>
      </Section>
      <Section title="Tus datos">
        <p>
          Tratamos tus datos como dice el{' '}
          <AppLink to="/aviso-de-privacidad" className="font-semibold text-brand-700 underline">
            aviso de privacidad
          </AppLink>
          .
        </p>
      </Section>
      <Section title="Cambios a estos términos">
        <p>
          Si cambiamos las reglas de lo que ya usas, publicamos aquí la nueva versión con su fecha y te
          pediremos que la aceptes la próxima vez que inicies sesión. Si solo agregamos un servicio nuevo, con
          sus propias reglas, publicamos la nueva versión sin pedírtelo de nuevo. Dudas: <Mail view={view} />.
        </p>
      </Section>
    </Document>
  );
}
