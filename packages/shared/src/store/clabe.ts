/**
 * A CLABE's control digit (Banxico): the first 17 digits weighted 3, 7, 1, 3, 7, 1…, each product taken mod 10,
 * summed; the digit is (10 − sum mod 10) mod 10. The test gateway and the demo data make valid CLABEs with it.
 */
export function clabeControlDigit(first17: string): number {
  const weights = [3, 7, 1];
  const sum = [...first17].reduce((total, digit, i) => total + ((Number(digit) * weights[i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10;
}

/** An 18-digit CLABE at STP (646), Mexico City's plaza (180), of an 11-digit account, with its control digit. */
export function stpClabe(account11: string): string {
  const first17 = `646180${account11}`;
  return `${first17}${clabeControlDigit(first17)}`;
}
