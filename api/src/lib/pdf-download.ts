import { Readable } from 'node:stream';
import { contentDisposition } from './content-disposition.ts';

/**
 * A generated PDF (an invoice) as a download: streamed as pdfkit writes it, saved under `name`,
 * never cached by a shared cache (it is one customer's), never sniffed as anything else.
 */
export function pdfDownload(file: { fileName: string; stream: Readable }) {
  return {
    body: Readable.toWeb(file.stream) as ReadableStream,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(file.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}
