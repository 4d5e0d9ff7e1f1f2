import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * Files as a ZIP that streams out as it is compressed (fflate): the answer starts before the whole archive exists,
 * and nothing but the current chunk is held twice.
 */
export function zipStream(files: { name: string; content: string }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const encoder = new TextEncoder();
  for (const file of files) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(file.content), true);
  }
  zip.end();
  return out;
}
