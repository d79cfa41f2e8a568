/**
 * A file size for people: bytes, KB or MB with at most one decimal, in the UI language's number
 * format (Intl). ShowDoc's `file_size_m` rounds everything under half a kilobyte to "0 MB".
 */
const UNITS = [
  { unit: 'megabyte', bytes: 1024 * 1024 },
  { unit: 'kilobyte', bytes: 1024 },
  { unit: 'byte', bytes: 1 },
] as const;

export function formatFileSize(bytes: number, locale: string): string {
  const n = Math.max(0, Number(bytes) || 0);
  const { unit, bytes: size } = UNITS.find((u) => n >= u.bytes) ?? UNITS[2];
  // Bytes spelled out ("45 bytes", "1 byte", "45字节"): the short form of byte is "45 byte" in English.
  const display = unit === 'byte' ? 'long' : 'short';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: unit === 'byte' ? 0 : 1 }).format(n / size);
}

/** Bytes of a library entry: exact when the server sent them, else from the rounded megabytes. */
export function bytesOf(file: { file_size?: number; file_size_m?: number | string }): number {
  return file.file_size ?? Math.round(Number(file.file_size_m ?? 0) * 1024 * 1024);
}
