import { XmlComponent, type IContext, type IXmlableObject } from 'docx';

/**
 * Tables and plain paragraphs written straight as the objects docx serialises, instead of
 * Table/TableRow/TableCell/Paragraph/TextRun instances: docx's per-element objects made exports
 * of a thousand pages take several CPU seconds and most of a gigabyte. They hold styled text runs
 * (bold, italic, strike, code, line breaks); paragraphs with links, images or list bullets still
 * go through docx's own classes, which manage the relationships and numbering they need.
 */
export interface CellRun {
  text: string;
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  /** A line break before the text. */
  break?: boolean;
  /** An embedded image (docx's ImageRun, which registers its media part) instead of text. */
  image?: XmlComponent;
}

const BORDER = { _attr: { 'w:val': 'single', 'w:sz': 4, 'w:space': 0, 'w:color': 'BFBFBF' } };
const TABLE_WIDTH_TWIPS = 9000;

// Shared, never-mutated pieces: a thousand-page export makes hundreds of thousands of runs.
const PRESERVE = { _attr: { 'xml:space': 'preserve' } };
const BREAK = { 'w:br': {} };
const runProps = new Map<string, IXmlableObject | null>();

function run(r: CellRun, small = false): IXmlableObject {
  const text = { 'w:t': [PRESERVE, r.text] };
  const rPr = runPropsFor(r, small);
  const parts = r.break ? [BREAK, text] : [text];
  return { 'w:r': rPr ? [rPr, ...parts] : parts };
}

function runPropsFor(r: CellRun, small: boolean): IXmlableObject | null {
  const key = `${+!!r.code}${+!!r.bold}${+!!r.italics}${+!!r.strike}${+small}`;
  let cached = runProps.get(key);
  if (cached === undefined) {
    const props = buildRunProps(r, small);
    cached = props.length ? { 'w:rPr': props } : null;
    runProps.set(key, cached);
  }
  return cached;
}

function buildRunProps(r: CellRun, small: boolean): IXmlableObject[] {
  const props: IXmlableObject[] = [];
  if (r.code) props.push({ 'w:rFonts': { _attr: { 'w:ascii': 'Consolas', 'w:hAnsi': 'Consolas', 'w:cs': 'Consolas' } } });
  if (r.bold) props.push({ 'w:b': {} }, { 'w:bCs': {} });
  if (r.italics) props.push({ 'w:i': {} }, { 'w:iCs': {} });
  if (r.strike) props.push({ 'w:strike': {} });
  if (small) props.push({ 'w:sz': { _attr: { 'w:val': 18 } } });
  if (r.code && !small) props.push({ 'w:shd': { _attr: { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': 'F2F2F2' } } });
  return props;
}

const BOX = ['top', 'left', 'bottom', 'right'].map((side) => ({
  [`w:${side}`]: { _attr: { 'w:val': 'single', 'w:sz': 4, 'w:space': 4, 'w:color': 'DDDDDD' } },
}));

export interface FastParagraphOptions {
  /** Paragraph style id, e.g. `Heading2`. */
  style?: string;
  /** Left indent in twips. */
  indent?: number;
  /** A grey bar on the left, for block quotes. */
  quote?: boolean;
  /** A boxed, shaded monospace block, for code. */
  code?: boolean;
  center?: boolean;
}

export class FastParagraph extends XmlComponent {
  private readonly runs: CellRun[];
  private readonly opts: FastParagraphOptions;
  constructor(runs: CellRun[], opts: FastParagraphOptions = {}) {
    super('w:p');
    this.runs = runs;
    this.opts = opts;
  }

  override prepForXml(_context: IContext): IXmlableObject {
    const { style, indent, quote, code, center } = this.opts;
    const pPr: IXmlableObject[] = [];
    if (style) pPr.push({ 'w:pStyle': { _attr: { 'w:val': style } } });
    if (code) pPr.push({ 'w:pBdr': BOX }, { 'w:shd': { _attr: { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': 'F5F5F5' } } });
    else if (quote) pPr.push({ 'w:pBdr': [{ 'w:left': { _attr: { 'w:val': 'single', 'w:sz': 12, 'w:space': 8, 'w:color': 'CCCCCC' } } }] });
    if (indent) pPr.push({ 'w:ind': { _attr: { 'w:left': indent } } });
    if (center) pPr.push({ 'w:jc': { _attr: { 'w:val': 'center' } } });
    const runs = this.runs.map((r) => run(code ? { ...r, code: true } : r, code));
    return { 'w:p': pPr.length ? [{ 'w:pPr': pPr }, ...runs] : runs };
  }
}

export class FastTable extends XmlComponent {
  private readonly rows: { header: boolean; cells: CellRun[][] }[];
  constructor(rows: { header: boolean; cells: CellRun[][] }[]) {
    super('w:tbl');
    this.rows = rows;
  }

  override prepForXml(context: IContext): IXmlableObject {
    const columns = Math.max(1, ...this.rows.map((r) => r.cells.length));
    const width = Math.floor(TABLE_WIDTH_TWIPS / columns);
    const tblPr = {
      'w:tblPr': [
        { 'w:tblW': { _attr: { 'w:type': 'pct', 'w:w': '100%' } } },
        { 'w:tblBorders': ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => ({ [`w:${side}`]: BORDER })) },
        { 'w:tblLayout': { _attr: { 'w:type': 'autofit' } } },
      ],
    };
    const grid = { 'w:tblGrid': Array.from({ length: columns }, () => ({ 'w:gridCol': { _attr: { 'w:w': width } } })) };
    const cellWidth = { 'w:tcW': { _attr: { 'w:w': width, 'w:type': 'dxa' } } };
    const bodyPr = { 'w:tcPr': [cellWidth] };
    const headerPr = { 'w:tcPr': [cellWidth, { 'w:shd': { _attr: { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': 'E8EEF7' } } }] };
    const rows = this.rows.map((r) => {
      const cells = Array.from({ length: columns }, (_, c) => ({
        'w:tc': [r.header ? headerPr : bodyPr, { 'w:p': (r.cells[c] ?? []).map((x) => (x.image ? x.image.prepForXml(context)! : run(x))) }],
      }));
      return { 'w:tr': r.header ? [{ 'w:trPr': [{ 'w:tblHeader': {} }] }, ...cells] : cells };
    });
    return { 'w:tbl': [tblPr, grid, ...rows] };
  }
}
