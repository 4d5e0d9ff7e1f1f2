import { storeMessages as m } from '@sala/shared/store/store.messages';

type PersonalData = { name?: string | null; email?: string | null; phone?: string | null };

/**
 * Checkout step 1 (docs/business-rules.md §5): name, e-mail and phone are required, and the phone has exactly 10 digits.
 * Returns the message to show, or null when the data can go on to the card step.
 */
export function personalDataProblem(data: PersonalData): string | null {
  const [name, email, phone] = [data.name, data.email, data.phone].map((value) => value?.trim() ?? '');
  if (!name || !email || !phone) return m.allFieldsRequired;
  if (!/^\d{10}$/.test(phone)) return m.phoneDigits;
  return null;
}
