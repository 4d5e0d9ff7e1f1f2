/**
 * The wizard's five choices (docs/business-rules.md §4 "Booking flow"), as they live in the URL query: ?zona=&sucursal=&dia=&hora=&sala=.
 * zona is a city id, sucursal a branch id, dia a YYYY-MM-DD, hora an HH:mm and sala a room id.
 */
export const bookingSteps = ['zona', 'sucursal', 'dia', 'hora', 'sala'] as const;
export type BookingStep = (typeof bookingSteps)[number];
export type BookingChoice = Partial<Record<BookingStep, string>>;
export type CompleteChoice = Record<BookingStep, string>;

const id = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const formats: Record<BookingStep, RegExp> = {
  zona: id,
  sucursal: id,
  dia: /^\d{4}-\d{2}-\d{2}$/,
  hora: /^\d{2}:\d{2}$/,
  sala: id,
};

/** The steps a choice resets (docs/business-rules.md §4): every step after it. */
export function stepsAfter(step: BookingStep): BookingStep[] {
  return bookingSteps.slice(bookingSteps.indexOf(step) + 1);
}

/**
 * The choice a query string holds: its steps in order, up to the first one missing or malformed (a later step
 * without the earlier ones means nothing: a room without its hour cannot be shown).
 */
export function readChoice(params: URLSearchParams): BookingChoice {
  const choice: BookingChoice = {};
  for (const step of bookingSteps) {
    const value = params.get(step);
    if (!value || !formats[step].test(value)) break;
    choice[step] = value;
  }
  return choice;
}

/** The query string of a choice, its steps in order. */
export function choiceToParams(choice: BookingChoice): URLSearchParams {
  const params = new URLSearchParams();
  for (const step of bookingSteps) {
    const value = choice[step];
    if (!value) break;
    params.set(step, value);
  }
  return params;
}

/** Choosing a step keeps the steps before it and resets the later ones; choosing the same value again changes nothing. */
export function chooseStep(choice: BookingChoice, step: BookingStep, value: string): BookingChoice {
  if (choice[step] === value) return choice;
  const next: BookingChoice = {};
  for (const earlier of bookingSteps.slice(0, bookingSteps.indexOf(step))) {
    if (!choice[earlier]) return choice; // a step cannot be chosen before the ones it depends on
    next[earlier] = choice[earlier];
  }
  next[step] = value;
  return next;
}

/** The choice without `step` and the steps after it. */
export function clearFrom(choice: BookingChoice, step: BookingStep): BookingChoice {
  const next: BookingChoice = {};
  for (const earlier of bookingSteps.slice(0, bookingSteps.indexOf(step))) {
    if (!choice[earlier]) break;
    next[earlier] = choice[earlier];
  }
  return next;
}

/** The first step still to choose, or undefined once all five are chosen. */
export function nextStep(choice: BookingChoice): BookingStep | undefined {
  return bookingSteps.find((step) => !choice[step]);
}

export function isComplete(choice: BookingChoice): choice is CompleteChoice {
  return nextStep(choice) === undefined;
}

/**
 * What is left of a choice once checked against what the API answered: a step known to be no longer offered
 * (`false`: a day that left the window, a room someone else took) drops it and every later step; a step not yet
 * checked (`undefined`: still loading) is kept for now.
 */
export function validPrefix(
  choice: BookingChoice,
  checks: Partial<Record<BookingStep, boolean | undefined>>,
): BookingChoice {
  const kept: BookingChoice = {};
  for (const step of bookingSteps) {
    if (!choice[step] || checks[step] === false) break;
    kept[step] = choice[step];
  }
  return kept;
}
