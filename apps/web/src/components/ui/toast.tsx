import { commonMessages } from '@sala/shared/errors/messages';
import { Toaster, toast } from 'sonner';

/** Spec §2: toasts disappear after 3000 ms with a 300 ms fade. */
export const TOAST_DURATION_MS = 3000;

const base =
  'flex w-full items-center gap-3 rounded-lg px-4 py-3 text-sm font-medium shadow-lg ring-1 transition-opacity duration-300';

const tones = {
  success: 'bg-emerald-600 text-white ring-emerald-700',
  error: 'bg-red-600 text-white ring-red-700',
  warning: 'bg-amber-300 text-amber-950 ring-amber-400',
  neutral: 'bg-slate-500 text-white ring-slate-600',
} as const;

export type ToastTone = keyof typeof tones;

function show(tone: ToastTone, message: string) {
  return toast.custom(
    () => (
      <div role={tone === 'error' ? 'alert' : 'status'} data-tone={tone} className={`${base} ${tones[tone]}`}>
        {message}
      </div>
    ),
    { duration: TOAST_DURATION_MS },
  );
}

/** Green for success, red for errors (with the spec's default text), yellow for warnings, grey for neutral. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string = commonMessages.genericError) => show('error', message),
  warning: (message: string) => show('warning', message),
  neutral: (message: string) => show('neutral', message),
};

export function AppToaster() {
  return <Toaster position="top-center" visibleToasts={4} gap={8} toastOptions={{ unstyled: true }} />;
}
