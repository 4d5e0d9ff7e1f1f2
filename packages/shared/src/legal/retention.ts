/** Years a closed account's data are kept: 5 by default, the period Mexican tax law keeps accounting records. */
export const RETENTION_YEARS = { min: 1, max: 20, default: 5 } as const;
