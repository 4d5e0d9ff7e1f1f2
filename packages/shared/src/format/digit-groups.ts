/**
 * '1234 5678 9012 3456': a long number (an OXXO reference, a CLABE) in groups of four, easier to read aloud and to type
 * at the counter. The page and the e-mail space the groups by style, not by spaces, so a copy gives the number as
 * typed.
 */
export const digitGroups = (value: string, size = 4) => value.match(new RegExp(`.{1,${size}}`, 'g')) ?? [];
