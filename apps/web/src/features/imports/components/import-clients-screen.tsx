import { commonMessages } from '@sala/shared/errors/messages';
import { CLIENTS_UPLOAD_MAX_BYTES, type TImportReport } from '@sala/shared/imports/imports.contract';
import { importMessages as m } from '@sala/shared/imports/imports.messages';
import { Download, FileSpreadsheet, RotateCcw, Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cx, fieldLabelClass } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { downloadCsv } from '../../../lib/download-csv';
import { saveErrorMessage } from '../../../lib/form-errors';
import { AppLink } from '../../../lib/navigation';
import { useImportClients, usePreviewClientsImport } from '../api/imports-api';
import { ClientRowsTable, changesAnything, clientsCount, ImportSummary, NotesTable } from './import-report';

/** The columns, in the order the template has them: what each holds. */
const columns: { name: string; means: string }[] = [
  { name: 'nombre', means: 'Nombre y apellidos del cliente. Obligatorio.' },
  {
    name: 'correo',
    means:
      'Su correo. Obligatorio, uno por cliente: si importas la hoja otra vez, se actualiza el mismo cliente.',
  },
  { name: 'telefono', means: '10 dígitos; puede llevar espacios, guiones o +52.' },
  { name: 'creditos', means: 'Los créditos con los que empieza: un número entero de 0 o más (vacío es 0).' },
  { name: 'activo', means: 'Opcional: «sí» o «no». Sin esta columna, cada cliente queda activo.' },
];

/** A sheet to start from: the header row and one client, with the byte order mark Excel looks for. */
const TEMPLATE =
  '\uFEFFnombre,correo,telefono,creditos,activo\r\nAna López Ruiz,ana.lopez@ejemplo.com,55 1234 5678,10,sí\r\n';

/** The file as read in the browser, or why it cannot be sent. */
async function readCsv(file: File): Promise<{ csv: string } | { refusal: string }> {
  // UTF-8 takes at most two bytes for a Spanish letter: a file past this is past the API's limit unread.
  if (file.size > CLIENTS_UPLOAD_MAX_BYTES) return { refusal: m.csvTooLarge };
  const csv = await file.text();
  if (!csv.replace(/^\uFEFF/, '').trim()) return { refusal: m.csvEmpty };
  if (csv.includes('\uFFFD')) return { refusal: m.csvNotUtf8 };
  // What goes over the wire: the text as JSON, in UTF-8 (an accent is two bytes, a line break's escape two).
  if (new TextEncoder().encode(JSON.stringify({ csv })).length > CLIENTS_UPLOAD_MAX_BYTES) {
    return { refusal: m.csvTooLarge };
  }
  return { csv };
}

/**
 * A section's heading that takes the focus when it shows (the button that led to it is gone), in the commit that shows
 * it, so the focus is never left on the page's body in between.
 */
function FocusedHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className="font-display text-xl font-semibold text-brand-800 focus:outline-none"
    >
      {children}
    </h2>
  );
}

const card = 'space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';
/**
 * The preview and the result: a card from `sm` up; on a phone they lie on the page, so the rows' cards inside get
 * the screen's width (a card in a card left their values 120 px).
 */
const reportCard = 'space-y-4 sm:rounded-2xl sm:bg-white sm:p-5 sm:shadow-sm sm:ring-1 sm:ring-slate-200';

/** The rows left out and the notes: shown with the preview and with the import just saved. */
function Notes({ report }: { report: TImportReport }) {
  const id = report.dryRun ? 'importar-previa' : 'importar-hecha';
  return (
    <>
      {report.skipped.length > 0 && (
        <section aria-labelledby={`${id}-errores`} className="space-y-3">
          <h3 id={`${id}-errores`} className="font-semibold text-ink">
            Filas con error ({report.skipped.length.toLocaleString('es-MX')}):{' '}
            {report.dryRun ? 'no se importarán' : 'no se importaron'}
          </h3>
          <NotesTable caption="Filas con error" reasonHeader="Motivo" notes={report.skipped} />
        </section>
      )}
      {report.warnings.length > 0 && (
        <section aria-labelledby={`${id}-avisos`} className="space-y-3">
          <h3 id={`${id}-avisos`} className="font-semibold text-ink">
            Avisos ({report.warnings.length.toLocaleString('es-MX')})
          </h3>
          <NotesTable caption="Avisos" reasonHeader="Aviso" notes={report.warnings} />
        </section>
      )}
    </>
  );
}

/**
 * /admin/importar-clientes (issue 41, super admin): a spreadsheet of clients is read in the browser and sent for a
 * preview (nothing saved); what it would do shows, row by row; "Confirmar importación" saves it.
 */
export function ImportClientsScreen() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewClientsImport();
  const save = useImportClients();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const [done, setDone] = useState<TImportReport | null>(null);
  const [pickAgain, setPickAgain] = useState(0);
  const [reading, setReading] = useState(false);

  // "Elegir otro archivo": the file input is back, and has the focus.
  useEffect(() => {
    if (pickAgain > 0) inputRef.current?.focus();
  }, [pickAgain]);

  const report = file ? preview.data : undefined;
  const checking = reading || preview.isPending;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    // Cleared at once: the same file, corrected, can be chosen again (the name shows beside the preview).
    event.target.value = '';
    if (!picked) return;
    setRefusal(undefined);
    setDone(null);
    setFile(null);
    preview.reset();
    setReading(true);
    const read = await readCsv(picked).catch(() => ({ refusal: m.csvUnreadable }));
    setReading(false);
    if ('refusal' in read) {
      setRefusal(`${picked.name}: ${read.refusal}`);
      return;
    }
    setFile({ name: picked.name, csv: read.csv });
    preview.mutate(
      { csv: read.csv },
      {
        onError: (error) => {
          setFile(null);
          setRefusal(`${picked.name}: ${saveErrorMessage(error, commonMessages.genericError)}`);
        },
      },
    );
  }

  function chooseAnother() {
    setFile(null);
    preview.reset();
    setPickAgain((n) => n + 1);
  }

  function confirm() {
    if (!file) return;
    save.mutate(
      { csv: file.csv },
      {
        onSuccess: (saved) => {
          const count = clientsCount(saved);
          notify.success(m.done(count.imported, count.updated));
          setDone(saved);
          setFile(null);
          preview.reset();
        },
        onError: (error) => notify.error(saveErrorMessage(error, commonMessages.genericError)),
      },
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Importar clientes"
        description="Da de alta a tus clientes desde una hoja de cálculo, con sus créditos. Primero ves lo que va a pasar con cada fila; nada se guarda hasta que confirmas."
      />

      <section aria-labelledby="importar-archivo" className={card}>
        <h2 id="importar-archivo" className="font-display text-xl font-semibold text-brand-800">
          El archivo
        </h2>
        <p className="text-sm text-muted">
          Un archivo CSV en UTF-8 (en Excel: «Guardar como» → «CSV UTF-8»), separado por comas o por punto y
          coma. La primera fila nombra las columnas:
        </p>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
          {columns.map(({ name, means }) => (
            <div key={name} className="contents">
              <dt>
                <code className="rounded bg-sand-100 px-1.5 py-0.5 font-mono text-ink">{name}</code>
              </dt>
              <dd className="mb-2 text-ink sm:mb-0">{means}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">
          Los clientes nuevos no tienen contraseña: la crean con «¿Olvidaste tu contraseña?», con el correo de
          la hoja. Un correo que ya tiene cuenta en la app (y no vino de una hoja) no se toca.
        </p>
        <div>
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(TEMPLATE, 'clientes-ejemplo.csv')}>
            <Download aria-hidden className="size-4" /> Descargar una hoja de ejemplo
          </Button>
        </div>

        {report && file ? (
          <p className="flex items-center gap-2 border-t border-slate-100 pt-4 text-sm text-ink">
            <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-brand-700" />
            <span className="min-w-0 break-all">
              Archivo: <strong>{file.name}</strong>
            </span>
          </p>
        ) : (
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <label htmlFor={inputId} className={cx(fieldLabelClass, 'block')}>
              {done ? 'Importar otra hoja de clientes' : 'Hoja de clientes (CSV)'}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={checking}
              onChange={choose}
              aria-describedby={refusal ? `${inputId}-refusal` : undefined}
              className="block w-full max-w-md text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-medium file:text-ink hover:file:bg-sand-50 disabled:cursor-not-allowed disabled:opacity-60"
            />
            {checking && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Spinner /> Revisando el archivo…
              </p>
            )}
            <RefusalNote id={`${inputId}-refusal`} role="alert" message={refusal} />
          </div>
        )}
      </section>

      {report && file && (
        <section aria-labelledby="importar-vista-previa" className={reportCard} data-testid="import-preview">
          <FocusedHeading id="importar-vista-previa">Vista previa: aún no se guarda nada</FocusedHeading>
          <ImportSummary report={report} />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={confirm}
              loading={save.isPending}
              disabled={!changesAnything(report)}
              className="w-full sm:w-auto"
            >
              <Upload aria-hidden className="size-4" /> Confirmar importación
            </Button>
            <Button
              variant="secondary"
              onClick={chooseAnother}
              disabled={save.isPending}
              className="w-full sm:w-auto"
            >
              <RotateCcw aria-hidden className="size-4" /> Elegir otro archivo
            </Button>
            {!changesAnything(report) && (
              <p className="text-sm text-muted">
                Esta hoja no trae clientes nuevos ni cambios: no hay nada que importar.
              </p>
            )}
          </div>
          {report.clients.length > 0 && (
            <section aria-labelledby="importar-filas" className="space-y-3">
              <h3 id="importar-filas" className="font-semibold text-ink">
                Clientes de la hoja ({report.clients.length.toLocaleString('es-MX')}): primero los que cambian
              </h3>
              <ClientRowsTable rows={report.clients} />
            </section>
          )}
          <Notes report={report} />
        </section>
      )}

      {done && (
        <section aria-labelledby="importar-hecho" className={reportCard} data-testid="import-done">
          <FocusedHeading id="importar-hecho">Importación guardada</FocusedHeading>
          <p className="text-sm text-ink">
            {m.done(clientsCount(done).imported, clientsCount(done).updated)}{' '}
            <AppLink to="/admin/usuarios" className="font-semibold text-brand-700 hover:underline">
              Ver Usuarios
            </AppLink>
          </p>
          <ImportSummary report={done} />
          <Notes report={done} />
        </section>
      )}
    </div>
  );
}
