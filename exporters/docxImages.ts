import { imageInfo, type ImageInfo } from './imageSize.ts';

/**
 * The images a Word export embeds, made ready for docx's ImageRun: PNG, JPEG, GIF and BMP as they
 * are; SVG as itself plus a PNG fallback (Word 2016 and later draw the SVG; older readers need the
 * raster), rendered with resvg. The bytes come from the caller's resolver (the server's own
 * attachments, read from storage) or from a `data:` URI in the page. Remote URLs are never fetched
 * (that would let a page make the server request any address: SSRF); they stay as alt text.
 */
export type EmbeddedImage = { data: Uint8Array; width: number; height: number } & ({ type: ImageInfo['type'] } | { type: 'svg'; fallback: Uint8Array });

/** Largest image embedded into an export, from storage or a data URI. */
export const MAX_EMBEDDED_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest SVG rasterised for its fallback: rendering cost grows with the drawing, not only the bytes. */
const MAX_SVG_BYTES = 2 * 1024 * 1024;
/** Images of one document together; later ones stay alt text (a 5,000-page item must not make a 5 GB file). */
export const MAX_DOCUMENT_IMAGE_BYTES = 100 * 1024 * 1024;
/** Width an SVG's fallback is rendered at, in pixels (the page's image width). */
const FALLBACK_WIDTH = 500;

const DATA_URI = /^data:image\/(png|jpeg|jpg|gif|bmp|svg\+xml)(;charset=[\w-]+)?(;base64)?,/i;

/** The bytes of a `data:image/…` URI (base64 or percent-encoded), or null when it is not one or is too big. */
export function dataUriBytes(url: string): Uint8Array | null {
  const m = DATA_URI.exec(url);
  if (!m) return null;
  const payload = url.slice(m[0].length);
  // Base64 is 4 characters for 3 bytes: refuse before decoding.
  if ((m[3] ? (payload.length * 3) / 4 : payload.length) > MAX_EMBEDDED_IMAGE_BYTES) return null;
  try {
    return m[3] ? new Uint8Array(Buffer.from(payload, 'base64')) : new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return null;
  }
}

const isSvg = (b: Uint8Array) =>
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(new TextDecoder().decode(b.subarray(0, 4096)));

type Resvg = typeof import('@resvg/resvg-js');
let resvg: Promise<Resvg | null> | undefined;
/** resvg is an optional package of the stand-alone CLI: without it an SVG stays alt text. */
function loadResvg(): Promise<Resvg | null> {
  resvg ??= import('@resvg/resvg-js').then((m) => (m as { default?: Resvg }).default ?? m).catch(() => null);
  return resvg;
}

/** Bytes → an image docx embeds, or null (a type Word cannot show, an unreadable header, an SVG too big or not renderable). */
export async function embeddableImage(bytes: Uint8Array): Promise<EmbeddedImage | null> {
  if (bytes.byteLength > MAX_EMBEDDED_IMAGE_BYTES) return null;
  const info = imageInfo(bytes);
  if (info) return info.width > 0 && info.height > 0 ? { type: info.type, data: bytes, width: info.width, height: info.height } : null;
  if (bytes.byteLength > MAX_SVG_BYTES || !isSvg(bytes)) return null;
  const lib = await loadResvg();
  if (!lib) return null;
  try {
    // System fonts are not loaded: that costs about 1.1 s per image (measured, 2 cores); the
    // fallback's text may then be missing, while the SVG itself, which Word draws, keeps it.
    const svg = new lib.Resvg(Buffer.from(bytes), { fitTo: { mode: 'width', value: FALLBACK_WIDTH }, font: { loadSystemFonts: false } });
    const png = svg.render().asPng();
    const size = imageInfo(png);
    if (!size) return null;
    return { type: 'svg', data: bytes, fallback: new Uint8Array(png), width: size.width, height: size.height };
  } catch {
    return null;
  }
}
