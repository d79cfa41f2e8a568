import {
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  ShadingType,
  TextRun,
  type IContext,
  type IXmlableObject,
  type ParagraphChild,
  type Table,
} from 'docx';
import { strFromU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { apiDocToMarkdown, parseApiDocJson, type ApiDocLang } from '../core/apiDoc.ts';
import { createMarkdown } from '../core/markdown.ts';
import { calloutOf } from '../core/markdown/callouts.ts';
import type { DocCatalog, DocPage, DocTree } from '../core/tree.ts';
import { FastParagraph, FastTable, type CellRun } from './docxFast.ts';
import { dataUriBytes, embeddableImage, MAX_DOCUMENT_IMAGE_BYTES, type EmbeddedImage } from './docxImages.ts';
import { sortedCatalogs, sortedPages } from './select.ts';
import type { Token } from 'markdown-it';

/**
 * DocTree → Word .docx with real, numbered headings (`1`, `1.1`, `1.1.1`, as ShowDoc's Word export
 * numbers catalogs and pages; a lone root page is not numbered), page Markdown converted through
 * the shared pipeline's tokens: paragraphs with bold/italic/strike/code, links, lists, tables,
 * code blocks, quotes, callouts, rules, images. Images are embedded (docxImages.ts) when `resolveImage`
 * returns their bytes (the server resolves its own attachments) or the page holds them as a
 * `data:` URI, in paragraphs and table cells alike; remote images are never fetched (SSRF) and
 * appear as their alt text. API-description JSON pages are rendered to Markdown first.
 */
export interface DocxOptions {
  resolveImage?: (url: string) => Promise<Uint8Array | null>;
  lang?: ApiDocLang;
}

const MAX_IMAGE_WIDTH = 500;
const MONO = 'Consolas';
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const md = createMarkdown({ linkify: true });

type Block = Paragraph | Table | FastTable | FastParagraph;
/** The images of the page being converted, fetched beforehand. */
interface Images {
  get(url: string): EmbeddedImage | undefined;
}
interface InlineStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

function pageMarkdown(page: DocPage, lang: ApiDocLang): string {
  const api = parseApiDocJson(page.content);
  return api ? apiDocToMarkdown(api, lang) : page.content;
}

function heading(text: string, level: number): FastParagraph {
  return new FastParagraph([{ text }], { style: `Heading${Math.min(level, 6)}` });
}

/** Inline content that needs nothing but styled text (no links, images or inline HTML) can take the fast path. */
function isPlainInline(tokens: Token[]): boolean {
  return tokens.every((t) => t.type !== 'link_open' && t.type !== 'image' && t.type !== 'html_inline');
}

const stripTags = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');

function textRun(text: string, s: InlineStyle, extra: { break?: number } = {}): TextRun {
  if (!s.bold && !s.italics && !s.strike && !s.code && !extra.break) return new TextRun(text);
  return new TextRun({
    text,
    bold: s.bold,
    italics: s.italics,
    strike: s.strike,
    ...(s.code ? { font: MONO, shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' } } : {}),
    ...extra,
  });
}

/** Inline tokens → runs (hyperlinks wrap their runs; images embed when resolved). */
function inlineRuns(tokens: Token[], images: Images, base: InlineStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  const style: InlineStyle = { ...base };
  let link: { href: string; runs: ParagraphChild[] } | null = null;
  const push = (r: ParagraphChild) => (link ? link.runs.push(r) : out.push(r));
  for (const t of tokens) {
    switch (t.type) {
      case 'text':
        push(textRun(t.content, style));
        break;
      case 'code_inline':
        push(textRun(t.content, { ...style, code: true }));
        break;
      case 'math_inline':
        push(textRun(t.content, { ...style, italics: true }));
        break;
      case 'softbreak':
        push(textRun(' ', style));
        break;
      case 'hardbreak':
        push(textRun('', style, { break: 1 }));
        break;
      case 'strong_open':
        style.bold = true;
        break;
      case 'strong_close':
        style.bold = base.bold;
        break;
      case 'em_open':
        style.italics = true;
        break;
      case 'em_close':
        style.italics = base.italics;
        break;
      case 's_open':
        style.strike = true;
        break;
      case 's_close':
        style.strike = base.strike;
        break;
      case 'link_open':
        link = { href: String(t.attrGet('href') ?? ''), runs: [] };
        break;
      case 'link_close':
        if (link) {
          const { href, runs } = link;
          link = null;
          if (/^(https?:|mailto:)/i.test(href)) out.push(new ExternalHyperlink({ link: href, children: runs }));
          else out.push(...runs);
        }
        break;
      case 'image': {
        const image = images.get(String(t.attrGet('src') ?? ''));
        const alt = t.content || t.children?.map((c) => c.content).join('') || '';
        push(image ? imageRun(image, alt) : textRun(`[${alt || 'image'}]`, { ...style, italics: true }));
        break;
      }
      case 'html_inline': {
        // `<img src alt>` written as HTML is an image like `![alt](src)`.
        const img = htmlImage(t.content);
        const image = img && images.get(img.src);
        if (img && image) {
          push(imageRun(image, img.alt));
          break;
        }
        const text = stripTags(t.content);
        if (text) push(textRun(text, style));
        break;
      }
      default:
        if (t.children?.length) out.push(...inlineRuns(t.children, images, style));
        else if (t.content) push(textRun(t.content, style));
    }
  }
  return out;
}

function codeBlock(code: string, indent: number): FastParagraph {
  const lines = code.replace(/\n$/, '').split('\n');
  return new FastParagraph(
    lines.map((text, i) => ({ text, break: i > 0 })),
    { code: true, indent },
  );
}

/** Block tokens of one page → docx blocks; page headings sit below the page's own heading level. */
function markdownBlocks(tokens: Token[], headingBase: number, images: Images): Block[] {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let pendingBullet = false;
  let table: { rows: { header: boolean; cells: CellRun[][] }[] } | null = null;
  let row: { header: boolean; cells: CellRun[][] } | null = null;
  let headingLevel = 0;

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const indent = quote * 720;
    // Callouts (any generator's admonition syntax) read as a quote under their title in bold.
    const callout = calloutOf(t);
    if (callout) {
      if (callout.opens && callout.meta.title)
        blocks.push(new FastParagraph([{ text: callout.meta.title, bold: true }], { indent: (quote + 1) * 720, quote: true }));
      quote += callout.opens ? 1 : -1;
      continue;
    }
    switch (t.type) {
      case 'heading_open':
        headingLevel = Math.min(6, headingBase + Number(t.tag.slice(1)));
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: t.type === 'ordered_list_open', n: Number(t.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open':
        lists[lists.length - 1]!.n++;
        pendingBullet = true;
        break;
      case 'blockquote_open':
        quote++;
        break;
      case 'blockquote_close':
        quote--;
        break;
      case 'table_open':
        table = { rows: [] };
        break;
      case 'tr_open':
        row = { header: tokens[i - 1]?.type === 'thead_open', cells: [] };
        break;
      case 'th_open':
      case 'td_open': {
        const inline = tokens[i + 1];
        row?.cells.push(inline?.type === 'inline' ? cellRuns(inline.children ?? [], t.type === 'th_open', images) : []);
        break;
      }
      case 'tr_close':
        if (table && row) table.rows.push(row);
        row = null;
        break;
      case 'table_close':
        if (table?.rows.length) blocks.push(new FastTable(table.rows));
        table = null;
        break;
      case 'inline': {
        if (table) break;
        const children = t.children ?? [];
        const plain = isPlainInline(children);
        if (headingLevel) {
          blocks.push(
            plain
              ? new FastParagraph(cellRuns(children, false), { style: `Heading${headingLevel}` })
              : new Paragraph({ heading: HEADINGS[headingLevel - 1], children: inlineRuns(children, images) }),
          );
          headingLevel = 0;
          break;
        }
        const list = lists[lists.length - 1];
        const level = Math.max(0, lists.length - 1);
        if (plain && !(list && pendingBullet && !list.ordered)) {
          const prefix = list && pendingBullet ? [{ text: `${list.n}. ` }] : [];
          pendingBullet = false;
          const left = list ? 360 * (level + 1) + indent : indent;
          blocks.push(new FastParagraph([...prefix, ...cellRuns(children, false)], { indent: left || undefined, quote: quote > 0 }));
          break;
        }
        const runs = inlineRuns(children, images);
        if (list && pendingBullet) {
          pendingBullet = false;
          if (list.ordered)
            blocks.push(new Paragraph({ indent: { left: 360 * (level + 1) + indent, hanging: 360 }, children: [new TextRun(`${list.n}. `), ...runs] }));
          else blocks.push(new Paragraph({ bullet: { level: Math.min(level, 8) }, children: runs }));
        } else
          blocks.push(
            new Paragraph({
              indent: list || indent ? { left: 360 * lists.length + indent } : undefined,
              children: runs,
              ...(quote ? { border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'CCCCCC', space: 8 } } } : {}),
            }),
          );
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push(codeBlock(t.content, indent));
        break;
      case 'math_block':
        blocks.push(new FastParagraph([{ text: t.content, italics: true }], { center: true }));
        break;
      case 'hr':
        blocks.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'AAAAAA', space: 1 } }, children: [] }));
        break;
      case 'html_block': {
        const text = stripTags(t.content).trim();
        if (text) for (const line of text.split('\n')) blocks.push(new FastParagraph([{ text: line }]));
        break;
      }
      default:
        break;
    }
  }
  return blocks;
}

/** An embedded image at most MAX_IMAGE_WIDTH wide; an SVG carries its PNG fallback. */
function imageRun(image: EmbeddedImage, alt: string): ImageRun {
  const scale = Math.min(1, MAX_IMAGE_WIDTH / image.width);
  const common = {
    transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) },
    altText: { name: alt || 'image', description: alt, title: alt },
  };
  if (image.type === 'svg') return new ImageRun({ type: 'svg', data: image.data, fallback: { type: 'png', data: image.fallback }, ...common });
  return new ImageRun({ type: image.type, data: image.data, ...common });
}

const IMG_TAG = /^<img\b[^>]*>$/i;
const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
/** The `src` and `alt` of an inline `<img>` tag, or null. */
function htmlImage(html: string): { src: string; alt: string } | null {
  if (!IMG_TAG.test(html)) return null;
  const src = attr(html, 'src');
  if (!src) return null;
  const alt = attr(html, 'alt');
  return { src: src[2] ?? src[3] ?? '', alt: alt ? (alt[2] ?? alt[3] ?? '') : '' };
}

/** Inline tokens → plain styled runs, for table cells (images embedded when fetched) and link-free paragraphs (links keep their text). */
function cellRuns(tokens: Token[], header: boolean, images?: Images): CellRun[] {
  const runs: CellRun[] = [];
  const style = { bold: header, italics: false, strike: false };
  for (const t of tokens) {
    if (t.type === 'strong_open' || t.type === 'strong_close') style.bold = t.type === 'strong_open' || header;
    else if (t.type === 'em_open' || t.type === 'em_close') style.italics = t.type === 'em_open';
    else if (t.type === 's_open' || t.type === 's_close') style.strike = t.type === 's_open';
    else if (t.type === 'code_inline') runs.push({ text: t.content, ...style, code: true });
    else if (t.type === 'text' || t.type === 'math_inline') runs.push({ text: t.content, ...style });
    else if (t.type === 'html_inline' && /^<br/i.test(t.content)) runs.push({ text: ' ', ...style });
    else if (t.type === 'image') {
      const image = images?.get(String(t.attrGet('src') ?? ''));
      runs.push(image ? { text: '', image: imageRun(image, t.content) } : { text: `[${t.content || 'image'}]`, ...style, italics: true });
    } else if (t.type === 'softbreak') runs.push({ text: ' ', ...style });
    else if (t.type === 'hardbreak') runs.push({ text: '', ...style, break: true });
  }
  return runs;
}

/** Image URLs of one page's tokens, so they can be fetched before its (synchronous) conversion. */
function imageUrls(tokens: Token[]): string[] {
  const urls = new Set<string>();
  const visit = (list: Token[]) => {
    for (const t of list) {
      if (t.type === 'image') urls.add(String(t.attrGet('src') ?? ''));
      if (t.type === 'html_inline') {
        const img = htmlImage(t.content);
        if (img) urls.add(img.src);
      }
      if (t.children) visit(t.children);
    }
  };
  visit(tokens);
  urls.delete('');
  return [...urls];
}

const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
/** A `{key}` placeholder docx writes where it does not yet know an image's relationship or a list's id. */
const PLACEHOLDER = /\{([^{}]+)\}/g;
/** A start or empty tag holding a placeholder: text never matches, as `<` and `>` in text are escaped. */
const TAG_WITH_PLACEHOLDER = /<[^<>]*\{[^{}<>]+\}[^<>]*>/g;

/** The pages of a tree in document order with their heading numbers, catalogs' headings between them. */
function* outline(tree: DocTree): Generator<{ heading: string; level: number; page?: DocPage }> {
  function* node(
    n: { pages: DocPage[]; catalogs: DocCatalog[] },
    prefix: string,
    level: number,
  ): Generator<{ heading: string; level: number; page?: DocPage }> {
    let k = 0;
    const lonePage = level === 1 && n.pages.length === 1 && !n.catalogs.length;
    for (const p of sortedPages(n.pages)) {
      const number = lonePage ? '' : `${prefix}${++k}`;
      yield { heading: number ? `${number} ${p.title}` : p.title, level, page: p };
    }
    for (const c of sortedCatalogs(n.catalogs)) {
      const number = `${prefix}${++k}`;
      yield { heading: `${number} ${c.name}`, level };
      yield* node(c, `${number}.`, level + 1);
    }
  }
  yield* node(tree, '', 1);
}

/** The whole .docx in memory (the CLI writes it to a file; small exports and tests). */
export async function exportDocx(tree: DocTree, opts: DocxOptions = {}): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const c of docxChunks(tree, opts)) chunks.push(c);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The .docx as it is made, for the caller to write out chunk by chunk (the export job writes them
 * to its file: workers/jobRunner.ts), so no copy of the whole file is held. docx 9's own
 * `Packer.toStream` would not do this: it builds the whole document's object and XML trees first
 * and zips them in memory (JSZip's `generateNodeStream`), which is what docxChunks avoids.
 */
export function exportDocxStream(tree: DocTree, opts: DocxOptions = {}): AsyncIterable<Uint8Array> {
  return docxChunks(tree, opts);
}

/**
 * The .docx's zip bytes as they are made, written page by page: each page is parsed, its images
 * fetched, its blocks built and serialised to XML and deflated into word/document.xml, then
 * dropped, so memory holds one page's objects at a time instead of the whole document several
 * times over (docx's object tree, its XML tree, the XML text, the zip). docx still writes every
 * other part (styles, numbering, relationships, media, properties): the document is packed once
 * with an empty body for the body's opening and closing, and once at the end for the parts that
 * the body's links, images and lists added to. The placeholders docx leaves in the XML for image
 * relationships and list ids are filled in here, as its packer does for a whole document.
 */
async function* docxChunks(tree: DocTree, opts: DocxOptions): AsyncGenerator<Uint8Array> {
  const lang = opts.lang ?? 'en';
  const doc = new Document({ creator: 'Folio', title: tree.name, description: tree.description ?? '', sections: [{ children: [] }] });
  const empty = unzipSync(await Packer.pack(doc, 'uint8array'), { filter: (f) => f.name === 'word/document.xml' });
  const shell = strFromU8(empty['word/document.xml']!);
  const bodyEnd = shell.lastIndexOf('<w:sectPr');
  if (bodyEnd < 0) throw new Error('docx: no section properties in the document shell');

  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failed = err;
    else out.push(data);
  });
  const drain = function* () {
    if (failed) throw failed;
    while (out.length) yield out.shift()!;
  };
  const body = new ZipDeflate('word/document.xml', { level: 6 });
  zip.add(body);
  const encoder = new TextEncoder();
  body.push(encoder.encode(shell.slice(0, bodyEnd)));

  const context = { file: doc, viewWrapper: doc.Document, stack: [] } as unknown as IContext;
  const imageRels = new Map<string, string>();
  const fill = (xml: string) =>
    xml.replace(TAG_WITH_PLACEHOLDER, (tag) =>
      tag.replace(PLACEHOLDER, (whole, key: string) => {
        const media = doc.Media.Entries.find(([k]) => k === key);
        if (media) {
          let id = imageRels.get(key);
          if (!id) {
            id = `img${imageRels.size + 1}`;
            imageRels.set(key, id);
            doc.Document.Relationships.addRelationship(id, IMAGE_REL, `media/${media[1].fileName}`);
          }
          return id;
        }
        const list = doc.Numbering.ConcreteNumbering.find(
          (c) => (c.restartedListId === undefined ? `${c.reference}-${c.instance}` : `${c.reference}-restart ${c.restartedListId}`) === key,
        );
        return list ? String(list.numId) : whole;
      }),
    );
  const write = (blocks: Block[]) => {
    let xml = '';
    for (const b of blocks) xml += stringifyXmlable(b.prepForXml(context)!);
    body.push(encoder.encode(fill(xml)));
  };

  write([new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(tree.name)] })]);
  let imageBytes = 0;
  yield* drain();
  for (const entry of outline(tree)) {
    const blocks: Block[] = [heading(entry.heading, entry.level)];
    if (entry.page) {
      const tokens = md.parse(pageMarkdown(entry.page, lang), {});
      const fetched = new Map<string, EmbeddedImage>();
      for (const url of imageUrls(tokens)) {
        if (imageBytes >= MAX_DOCUMENT_IMAGE_BYTES) break;
        const data = dataUriBytes(url) ?? (opts.resolveImage ? await opts.resolveImage(url).catch(() => null) : null);
        const image = data && (await embeddableImage(data));
        if (!image || imageBytes + image.data.byteLength > MAX_DOCUMENT_IMAGE_BYTES) continue;
        imageBytes += image.data.byteLength + (image.type === 'svg' ? image.fallback.byteLength : 0);
        fetched.set(url, image);
      }
      blocks.push(...markdownBlocks(tokens, entry.level, { get: (url) => fetched.get(url) }));
    }
    write(blocks);
    yield* drain();
    // Let other requests in between pages: a big export must not hold the event loop for seconds.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  body.push(encoder.encode(shell.slice(bodyEnd)), true);
  yield* drain();

  // Every other part, now that the body has added its links, images and lists.
  const parts = unzipSync(await Packer.pack(doc, 'uint8array'), { filter: (f) => f.name !== 'word/document.xml' });
  for (const [name, data] of Object.entries(parts)) {
    const file = name.startsWith('word/media/') ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * Writes docx's serialisable objects as XML exactly as docx's packer does (docx 9's
 * `stringifyXmlable`, without indentation; it is not exported): `{ name: [ {_attr}, ...children ] }`,
 * `{ name: { _attr } }` or `{ name: text }`; an array child list ends in an empty string, so an
 * element with a child list is never self-closing.
 */
function stringifyXmlable(data: IXmlableObject): string {
  return format(resolve(data as Record<string, unknown>));
}

interface Resolved {
  name: string | undefined;
  attributes: string[];
  content: (Resolved | string | number | undefined)[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
const escapeAll = (v: string) => v.replace(/[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g, (c) => ESCAPES[c] ?? '');
const escapeValue = (v: unknown) => (typeof v === 'string' ? escapeAll(v) : (v as string | number | undefined));

function resolve(data: Record<string, unknown>): Resolved {
  const name = Object.keys(data)[0];
  const values = name === undefined ? undefined : data[name];
  const attributes: string[] = [];
  const content: Resolved['content'] = [];
  const addAttributes = (attr: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(attr)) attributes.push(`${k}="${String(escapeValue(v))}"`);
  };
  if (typeof values === 'object') {
    if (values !== null) {
      const { _attr: attr, _cdata: cdata } = values as { _attr?: Record<string, unknown>; _cdata?: string };
      if (attr) addAttributes(attr);
      if (cdata) content.push(`<![CDATA[${cdata.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`);
      if (Array.isArray(values)) {
        let isStringContent = false;
        content.push('');
        for (const value of values) {
          if (typeof value === 'object') {
            if (Object.keys(value)[0] === '_attr') addAttributes((value as { _attr: Record<string, unknown> })._attr);
            else content.push(resolve(value as Record<string, unknown>));
          } else {
            content.pop();
            isStringContent = true;
            content.push(escapeValue(value));
          }
        }
        if (!isStringContent) content.push('');
      }
    }
  } else content.push(escapeValue(values));
  return { name, attributes, content };
}

function format(element: Resolved | string | number | undefined): string {
  if (typeof element !== 'object') return String(element);
  const { name, attributes, content } = element;
  const open = (name ? `<${name}` : '') + (attributes.length ? ` ${attributes.join(' ')}` : '') + (content.length ? (name ? '>' : '') : '/>');
  if (!content.length) return open;
  let inner = '';
  for (const child of content) inner += child === undefined ? '' : format(child);
  return open + inner + (name ? `</${name}>` : '');
}

/**
 * Every image URL the Word export of `tree` would embed, in the order met. The server builds the
 * .docx in a worker process that cannot reach its database or storage: it asks for these first
 * (in the worker too: it parses every page), fetches the attachments and hands them over as
 * `resolveImage`'s answers.
 */
export function docxImageUrls(tree: DocTree, lang: ApiDocLang = 'en'): string[] {
  const urls = new Set<string>();
  for (const entry of outline(tree)) if (entry.page) for (const url of imageUrls(md.parse(pageMarkdown(entry.page, lang), {}))) urls.add(url);
  return [...urls];
}
