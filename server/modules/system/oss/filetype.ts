/**
 * What a file really is, from its first bytes: the name and the browser's Content-Type are the
 * uploader's claims, the magic bytes are the file's. Only PDF, JPEG and PNG are accepted.
 */

export interface FileKind {
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png';
  /** Extensions a name of this kind may end with (lower case, without the dot). */
  extensions: readonly string[];
  label: string;
}

export const PDF: FileKind = { mimeType: 'application/pdf', extensions: ['pdf'], label: 'PDF' };
export const JPEG: FileKind = { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'JPG' };
export const PNG: FileKind = { mimeType: 'image/png', extensions: ['png'], label: 'PNG' };
export const ALLOWED_KINDS = [PDF, JPEG, PNG] as const;
export const ALLOWED_EXTENSIONS = ALLOWED_KINDS.flatMap((k) => k.extensions);

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

export function sniff(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  return null;
}

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
