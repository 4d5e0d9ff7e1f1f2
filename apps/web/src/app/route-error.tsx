import { commonMessages } from '@sala/shared/errors/messages';

/** Shown when a page fails to load (a chunk missing after a deploy, say): reloading fixes most cases. */
export function RouteError() {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-32 text-center">
      <h1 className="font-display text-3xl font-semibold text-brand-800">{commonMessages.genericError}</h1>
      <p className="mt-3 text-muted">Recarga la página para volver a intentarlo.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Recargar
      </button>
    </div>
  );
}
