/** 'crédito' for one, 'créditos' for any other number. */
export const creditsWord = (credits: number) => (credits === 1 ? 'crédito' : 'créditos');

/** '1 crédito', '10 créditos'. */
export function formatCredits(credits: number): string {
  return `${credits} ${creditsWord(credits)}`;
}

/** 'Se otorgó 1 crédito', 'Se otorgaron 10 créditos': the verb agrees with the number too. */
export function creditsGranted(credits: number): string {
  return `${credits === 1 ? 'Se otorgó' : 'Se otorgaron'} ${formatCredits(credits)}`;
}
