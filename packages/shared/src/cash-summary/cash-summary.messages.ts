/** Texts of the corte, in the voice of the rest. */
export const cashSummaryMessages = {
  dateInvalid: 'Elige una fecha válida.',
} as const;
