import type { eddFileKinds } from '../../shared/api/edd';

// What an upload really is, from its first bytes: names and declared types are the sender's
// word and prove nothing (an executable named photo.png, a PDF declared as image/jpeg).

export type EddFileKind = (typeof eddFileKinds)[number];

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The kind the content shows, or null for anything else. */
export function sniffFileKind(head: Uint8Array): EddFileKind | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}

/** Whether a declared Content-Type contradicts the content (absent or generic declarations don't). */
export function declaredTypeContradicts(declared: string | undefined, actual: EddFileKind): boolean {
  if (!declared) return false;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/octet-stream') return false;
  if (type === 'image/jpg' || type === 'image/pjpeg') return actual !== 'image/jpeg';
  return type !== actual;
}
