/**
 * One vocabulary (issue 40): a name finds a rule in all three layers. The API's modules (apps/api/src/modules),
 * shared's folders (packages/shared/src) and the web's features (apps/web/src/features) share their names, and
 * each name has the Spanish words the screens use for it. docs/architecture.md carries the table between the
 * markers below, generated from the tree; `npm run lint` (through module-boundaries.ts) fails when a folder has no
 * entry here, or when the committed table differs from the tree.
 *
 * Run: `tsx apps/api/scripts/vocabulary.ts` prints the table; `--write` rewrites it in docs/architecture.md.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS_FILE } from './module-graph';

export const NAMES_START = '<!-- names:start -->';
export const NAMES_END = '<!-- names:end -->';

/** Each code name → what the screens (and the business) call it. A new folder anywhere needs a line here. */
export const SCREEN_WORDS: Record<string, string> = {
  audit: 'Auditoría (bitácora de acciones del staff)',
  auth: 'Iniciar sesión, Registro, Restablecer contraseña (logins, never "sessions")',
  availability: 'disponibilidad: días y horas libres del asistente',
  blocks: 'Bloqueos: bloquear día, hora o sala',
  bookings:
    'sesión (una hora de sala reservada), Reservar (/reserva), Reservaciones (staff), Repetir (serie), lista de espera',
  branches: 'sucursal, consultorio',
  cart: 'Mi carrito',
  'cash-drawer': 'Caja: fondo, retiros, arqueo',
  'cash-summary': 'Corte (del día)',
  catalog: 'lo que se ve sin sesión: paquetes de la tienda, Sucursales',
  cities: 'zona',
  'client-account': 'la cuenta de un cliente vista por el staff: créditos, sesiones, pedidos',
  common: '(campos y reglas que comparten todos)',
  costs: 'Gastos',
  credits: 'créditos, movimientos de créditos',
  dashboard: 'Panel, Reportes',
  errors: '(códigos y mensajes de error)',
  format: '(dinero, créditos, fechas y horas como se leen)',
  health: '(operación: salud, métricas, respaldos)',
  imports: 'Importar clientes (hoja de cálculo), importación desde Firebase',
  'calendar-feeds': 'Agregar a mi calendario, Calendario del personal de una sucursal',
  whatsapp: 'WhatsApp: avisos y recordatorios por WhatsApp, con consentimiento; «BAJA»',
  invoicing: 'Facturación (CFDI): Datos fiscales, Solicitar factura, factura global',
  legal: 'Datos legales, Aviso de privacidad, Términos y condiciones',
  locations: 'Ubicaciones: zonas, sucursales y salas',
  mail: 'Correos (los que salen y los que fallaron)',
  me: 'Perfil: Mis datos, Mis reservas, Mis pedidos',
  orders: 'Órdenes, pedidos, folio, ticket',
  payments: 'Pago: tarjeta, OXXO, SPEI',
  pos: 'Punto de venta',
  privacy: 'Solicitudes ARCO, privacidad',
  products: 'Productos, paquetes de créditos',
  rooms: 'sala',
  site: 'el sitio público: Inicio, Nosotros, Equipo, Sucursales',
  store: 'Tienda, Comprar créditos, Resumen de la compra',
  table: '(tablas: orden, páginas)',
  tax: 'IVA',
  time: '(la hora de la Ciudad de México)',
  users: 'Usuarios: clientes y staff',
  web: '(las páginas de la web y lo que el servidor pone en ellas)',
};

const repo = fileURLToPath(new URL('../../..', import.meta.url));
export const LAYERS = [
  ['API `modules/`', 'apps/api/src/modules'],
  ['`shared/src/`', 'packages/shared/src'],
  ['web `features/`', 'apps/web/src/features'],
] as const;

const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each layer's folder names, read from the tree at `root`. */
export function readLayers(root = repo): string[][] {
  return LAYERS.map(([, dir]) => foldersOf(path.join(root, dir)));
}

/** The table as Markdown: every name of any layer once, its Spanish words, and where it is. */
export function vocabularyTable(layers: string[][], words = SCREEN_WORDS): string {
  const names = [...new Set(layers.flat())].sort();
  const lines = [
    `| code name | on screen | ${LAYERS.map(([label]) => label).join(' | ')} |`,
    `|---|---|${LAYERS.map(() => '---').join('|')}|`,
  ];
  for (const name of names)
    lines.push(
      `| \`${name}\` | ${words[name] ?? '?'} | ${layers.map((folders) => (folders.includes(name) ? '✓' : '')).join(' | ')} |`,
    );
  return lines.join('\n');
}

/** A table's cells without the padding a formatter adds (so an aligned table still matches). */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((cell) => cell.trim().replace(/^-+$/, '-'))
        .join('|'),
    )
    .join('\n');

/** What is wrong: a folder without Spanish words, a word for no folder, or a committed table that differs. */
export function checkVocabulary(docs: string, layers: string[][], words = SCREEN_WORDS): string[] {
  const problems: string[] = [];
  const names = new Set(layers.flat());
  for (const name of [...names].sort())
    if (!words[name])
      problems.push(`apps/api/scripts/vocabulary.ts: '${name}' has no screen words (add it to SCREEN_WORDS)`);
  for (const name of Object.keys(words))
    if (!names.has(name)) problems.push(`apps/api/scripts/vocabulary.ts: '${name}' names no folder`);
  const start = docs.indexOf(NAMES_START);
  const end = docs.indexOf(NAMES_END);
  if (start < 0 || end < start)
    problems.push(`docs/architecture.md: the markers ${NAMES_START} … ${NAMES_END} are missing`);
  else if (cells(docs.slice(start + NAMES_START.length, end)) !== cells(vocabularyTable(layers, words)))
    problems.push(
      'docs/architecture.md: the names table differs from the tree (run tsx apps/api/scripts/vocabulary.ts --write)',
    );
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const table = vocabularyTable(readLayers());
  if (process.argv.includes('--write')) {
    const docs = readFileSync(DOCS_FILE, 'utf8');
    const start = docs.indexOf(NAMES_START);
    const end = docs.indexOf(NAMES_END);
    if (start < 0 || end < start) {
      console.error(`docs/architecture.md: add the markers ${NAMES_START} and ${NAMES_END} first`);
      process.exit(1);
    }
    if (cells(docs.slice(start + NAMES_START.length, end)) === cells(table)) {
      // The same table: the committed one stays as the formatter laid it out.
      console.log('docs/architecture.md: names table unchanged');
    } else {
      writeFileSync(DOCS_FILE, `${docs.slice(0, start)}${NAMES_START}\n${table}\n${docs.slice(end)}`);
      // Laid out as `npm run lint` wants it (the table's columns padded).
      execFileSync('npx', ['biome', 'format', '--write', DOCS_FILE], { stdio: 'inherit' });
      console.log('docs/architecture.md: names table written');
    }
  } else console.log(table);
}
