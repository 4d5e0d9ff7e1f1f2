/** '1 crédito', '10 créditos'. */
export function formatCredits(credits: number): string {
  return `${credits} ${credits === 1 ? 'crédito' : 'créditos'}`;
}
