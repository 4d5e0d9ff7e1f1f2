import { commonMessages } from '@sala/shared/errors/messages';
import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { setFlash, type ToastTone } from '../../lib/flash';
import { LEAVING_EVENT } from '../../lib/navigation';

/** docs/business-rules.md §2: toasts disappear after 3000 ms with a 300 ms fade. */
export const TOAST_DURATION_MS = 3000;

const base =
  'flex w-full items-center gap-3 rounded-lg px-4 py-3 text-sm font-medium shadow-lg ring-1 transition-opacity duration-300';

const tones: Record<ToastTone, string> = {
  success: 'bg-emerald-700 text-white ring-emerald-800',
  error: 'bg-red-600 text-white ring-red-700',
  warning: 'bg-amber-300 text-amber-950 ring-amber-400',
  neutral: 'bg-slate-500 text-white ring-slate-600',
};

type Sonner = typeof import('sonner');

/**
 * sonner is loaded on the first toast, not with the landing page: most visits never show one. notify() asks for
 * the toaster, which mounts, loads sonner and then says it is ready; toasts asked for meanwhile wait for it.
 */
let toasterWanted = false;
const wantListeners = new Set<() => void>();
let markReady: (sonner: Sonner) => void = () => undefined;
const sonnerReady = new Promise<Sonner>((resolve) => {
  markReady = resolve;
});

/**
 * The last toast asked for, and when: one still on screen when the page gives way to another (a redirect to a
 * prerendered page is a new document) shows there. A busy phone may take more than a second between the toast and
 * the navigation it leads to, so the whole time a toast shows counts.
 */
let last: { tone: ToastTone; message: string; at: number } | undefined;
const CARRIED_WITHIN_MS = TOAST_DURATION_MS;
if (typeof window !== 'undefined') {
  window.addEventListener(LEAVING_EVENT, () => {
    if (last && performance.now() - last.at < CARRIED_WITHIN_MS) setFlash(last.tone, last.message);
  });
}

/**
 * `id` names where a toast comes from (a form, a dialog): a new toast with the same id replaces the one on screen
 * instead of piling up under it (issue 39: every failed try of a form stacked one more red toast).
 */
export type ToastOptions = { id?: string };

function show(tone: ToastTone, message: string, options: ToastOptions = {}) {
  last = { tone, message, at: performance.now() };
  setToasterWanted(true);
  void sonnerReady.then(({ toast }) =>
    toast.custom(
      () => (
        <div
          role={tone === 'error' ? 'alert' : 'status'}
          data-tone={tone}
          className={`${base} ${tones[tone]}`}
        >
          {message}
        </div>
      ),
      { duration: TOAST_DURATION_MS, id: options.id },
    ),
  );
}

/** Green for success, red for errors (with the spec's default text), yellow for warnings, grey for neutral. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string = commonMessages.genericError, options?: ToastOptions) =>
    show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  neutral: (message: string, options?: ToastOptions) => show('neutral', message, options),
};

function setToasterWanted(wanted: boolean) {
  if (toasterWanted === wanted) return;
  toasterWanted = wanted;
  for (const listener of wantListeners) listener();
}

let loadedSonner: Sonner | undefined;

function SonnerToaster() {
  // Runs after sonner's own Toaster has subscribed (child effects first): from now on toasts show.
  useEffect(() => markReady(loadedSonner!), []);
  const { Toaster } = loadedSonner!;
  // At the bottom centre, 24 px from the edge (across the bottom, 16 px in, below sonner's 600 px): they cover
  // neither the site's navigation nor the admin menu, nor the buttons most screens keep at the right (the booking
  // summary's 'Confirmar', the cart's 'Continuar al pago', the forms' save buttons).
  return <Toaster position="bottom-center" visibleToasts={4} gap={8} toastOptions={{ unstyled: true }} />;
}

/**
 * The lazy toaster. If sonner cannot be loaded (a flaky network, or a tab left open across a deploy), it renders
 * nothing, and the next toast tries again; waiting toasts show once it loads. It never breaks the page.
 */
function lazyToaster() {
  return lazy(async (): Promise<{ default: ComponentType }> => {
    try {
      loadedSonner = await import('sonner');
      return { default: SonnerToaster };
    } catch {
      LoadedToaster = lazyToaster();
      queueMicrotask(() => setToasterWanted(false));
      return { default: () => null };
    }
  });
}
let LoadedToaster = lazyToaster();

/**
 * Runs `mount` once, when the first toast is asked for (at once if one already was). A prerendered page makes its
 * toaster's React root only then: a root listens for every event on its element, work a phone's main thread need
 * not do while the page loads (issue 25: a large part of the task that starts React on the public pages).
 */
export function whenToasterWanted(mount: () => void) {
  if (toasterWanted) {
    mount();
    return;
  }
  const listener = () => {
    wantListeners.delete(listener);
    mount();
  };
  wantListeners.add(listener);
}

const subscribe = (listener: () => void) => {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
};

/** Where toasts appear; renders nothing (and loads nothing) until the first toast is asked for. */
export function AppToaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
