import { useSyncExternalStore } from 'react';

/** The spec's local storage keys. Only display caches and the cart live here; nothing here is trusted. */
export const storageKeys = {
  cart: 'cart',
  userDetails: 'userDetails',
  purchaseSummary: 'pcSummary',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: unknown }>();

function notifyAll() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab changed the cart or logged out.
  window.addEventListener('storage', notifyAll);
}

export function readStored<T>(key: StorageKey, fallback: T): T {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return fallback;
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  let value: unknown = fallback;
  if (raw !== null) {
    try {
      value = JSON.parse(raw);
    } catch {
      value = fallback;
    }
  }
  cache.set(key, { raw, value });
  return value as T;
}

export function writeStored(key: StorageKey, value: unknown) {
  try {
    if (value === undefined || value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app keeps working for this page view.
  }
  notifyAll();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A React view of one local storage key, shared by every component and kept in step across tabs. */
export function useStored<T>(key: StorageKey, fallback: T): T {
  return useSyncExternalStore(
    subscribe,
    () => readStored(key, fallback),
    () => fallback,
  );
}
