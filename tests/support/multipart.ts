import { randomBytes } from 'node:crypto';
import { eddFreeFormField, eddResponseField } from '../../src/shared/api/edd';

// A multipart/form-data body built by hand, so tests control every part exactly: the file
// name, the declared Content-Type and the bytes (a lying upload is the point of some tests).

export interface FilePart {
  field?: string;
  filename: string;
  contentType?: string;
  bytes: Uint8Array;
}

export function multipartBody(fields: ReadonlyArray<[string, string]>, files: readonly FilePart[] = []) {
  const boundary = `----ox${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'Files'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(f.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real (1×1) PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a PDF. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** An ELF executable header. */
export const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);

/** A complete individual questionnaire from `userId`, with an ID picture and a proof of residence. */
export function completeEddSubmission(userId: string) {
  return multipartBody(
    [
      ['UserId', userId],
      [eddResponseField('source_of_funds'), 'Savings'],
      [eddFreeFormField('source_of_funds'), 'Savings from salary.'],
      [eddResponseField('occupation'), 'Engineer'],
      [eddResponseField('expected_monthly_volume'), 'Under 50,000'],
      [eddResponseField('politically_exposed'), 'No'],
      [eddResponseField('id_document'), 'id.png'],
      [eddResponseField('proof_of_residence'), 'bill.pdf'],
      ['DocTypes', 'ID'],
      ['DocTypes', 'PoR'],
    ],
    [
      { filename: 'id.png', contentType: 'image/png', bytes: TINY_PNG },
      { filename: 'bill.pdf', contentType: 'application/pdf', bytes: TINY_PDF },
    ],
  );
}
