/** The four colours of a toast (components/ui/toast.tsx draws them). */
export type ToastTone = 'success' | 'error' | 'warning' | 'neutral';

const KEY = 'flash';

/** A toast to show after a full page load (sessionStorage: this tab only, read once). */
export function setFlash(tone: ToastTone, message: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ tone, message }));
  } catch {
    // Storage unavailable: the page still works, without the toast.
  }
}

export function takeFlash(): { tone: ToastTone; message: string } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
