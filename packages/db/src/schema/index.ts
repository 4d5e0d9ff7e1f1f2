// The one list of tables Drizzle and drizzle-kit read; feature code imports tables from their own files.
export * from './audit';
export * from './auth';
export * from './blocks';
export * from './commerce';
export * from './imports';
export * from './infrastructure';
export * from './invoicing';
export * from './ledger';
export * from './locations';
export * from './messaging';
export * from './payments';
export * from './privacy';
export * from './sessions';
export * from './users';
