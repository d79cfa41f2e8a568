/** Pixel size and docx type of a PNG, JPEG, GIF or BMP from its header; null for anything else. */
export interface ImageInfo {
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  width: number;
  height: number;
}

export function imageInfo(b: Uint8Array): ImageInfo | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
    return { type: 'png', width: dv.getUint32(16), height: dv.getUint32(20) };
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return { type: 'gif', width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) return { type: 'bmp', width: Math.abs(dv.getInt32(18, true)), height: Math.abs(dv.getInt32(22, true)) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      const len = dv.getUint16(at + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { type: 'jpg', height: dv.getUint16(at + 5), width: dv.getUint16(at + 7) };
      at += 2 + len;
    }
  }
  return null;
}
