import { z } from '../common/zod';
import { importCollectionLabels, importMessages as m, type TImportCollection } from './imports.messages';

/** A few thousand clients is a business; more than this in one file is a mistake or a different job. */
export const CLIENTS_CSV_MAX_ROWS = 20_000;
/**
 * What the screen sends: the API takes bodies up to 1 MiB (every route, decision 006), so about 10 000 clients in
 * one file. The command reads the file itself and has only the row limit.
 */
export const CLIENTS_UPLOAD_MAX_BYTES = 1_000_000;

const collections = Object.keys(importCollectionLabels) as [TImportCollection, ...TImportCollection[]];

/** One line of the import's table: what was read of a collection and what became of it. */
export const ZImportCount = z.object({
  collection: z.enum(collections),
  label: z.string(),
  read: z.int(),
  imported: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  skipped: z.int(),
});
export type TImportCount = z.infer<typeof ZImportCount>;

/** A record left out (or imported with a note), with the old id or the spreadsheet's line. */
export const ZImportNote = z.object({
  collection: z.enum(collections),
  id: z.string(),
  line: z.int().nullable(),
  reason: z.string(),
});
export type TImportNote = z.infer<typeof ZImportNote>;

/** A spreadsheet row and what the import does (or did) with it. */
export const ZClientImportRow = z.object({
  line: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  credits: z.int(),
  isActive: z.boolean(),
  action: z.enum(['create', 'update', 'unchanged']),
});
export type TClientImportRow = z.infer<typeof ZClientImportRow>;

export const ZImportReport = z.object({
  /** True: read and checked, nothing written (a preview, or `--dry-run`). */
  dryRun: z.boolean(),
  counts: z.array(ZImportCount),
  skipped: z.array(ZImportNote),
  warnings: z.array(ZImportNote),
  /** Things of the export that are not the app's data (subcollections, unknown collections). */
  ignored: z.array(z.string()),
  /** The spreadsheet's rows (empty for a Firebase export). */
  clients: z.array(ZClientImportRow),
});
export type TImportReport = z.infer<typeof ZImportReport>;

/** POST /api/imports/clients/preview and POST /api/imports/clients — the spreadsheet's text, as read in the browser. */
export const ZClientsImportRequest = z.object(
  {
    csv: z.string({ error: m.csvUnreadable }).min(1, m.csvEmpty).max(CLIENTS_UPLOAD_MAX_BYTES, m.csvTooLarge),
  },
  { error: m.csvEmpty },
);
export type TClientsImportRequest = z.infer<typeof ZClientsImportRequest>;
