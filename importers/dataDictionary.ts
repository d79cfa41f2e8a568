import { markdownTable } from '../core/apiDoc.ts';
import { normaliseScriptText } from './comments.ts';

/**
 * The data-dictionary format of `showdoc_db.sh` / `open/updateDbItem` (showdoc-server.md §6):
 * tab-separated dumps of information_schema with a header row each —
 * `table_info` (table, comment[, engine, collation]), `table_detail` (table, column, default,
 * nullable, type, comment), optional `table_index` (table, index, column, seq, non_unique, type,
 * comment). One page per table, titled by the table name, in the order tables first appear.
 */
export interface DictionaryInput {
  tableInfo: string;
  tableDetail: string;
  tableIndex?: string;
}

export interface DictionaryPage {
  title: string;
  content: string;
}

function rows(tsv: string | undefined): string[][] {
  const lines = normaliseScriptText(tsv ?? '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  return lines.slice(1).map((l) => l.split('\t').map((c) => (c === 'NULL' ? '' : c.trim())));
}

export function parseDataDictionary(input: DictionaryInput): DictionaryPage[] {
  const tables = new Map<string, { comment: string; engine: string; collation: string; columns: string[][]; indexes: string[][] }>();
  const table = (name: string) => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { comment: '', engine: '', collation: '', columns: [], indexes: [] }));
    return t;
  };
  for (const [name, comment = '', engine = '', collation = ''] of rows(input.tableInfo)) {
    if (!name) continue;
    Object.assign(table(name), { comment, engine, collation });
  }
  for (const [name, column, def = '', nullable = '', type = '', comment = ''] of rows(input.tableDetail)) {
    if (!name || !column) continue;
    table(name).columns.push([column, type, /^yes$/i.test(nullable) ? '是' : '否', def, comment]);
  }
  for (const [name, index, column, seq = '', nonUnique = '', type = '', comment = ''] of rows(input.tableIndex)) {
    if (!name || !index) continue;
    table(name).indexes.push([index, column ?? '', seq, nonUnique === '0' ? '是' : '否', type, comment]);
  }
  return [...tables.entries()].map(([name, t]) => {
    const parts = [`- ${t.comment || name}`, `## 字段说明\n\n${markdownTable(['字段', '类型', '允许空', '默认', '注释'], t.columns)}`];
    if (t.indexes.length) parts.push(`## 索引说明\n\n${markdownTable(['索引名', '字段', '顺序', '唯一', '类型', '注释'], t.indexes)}`);
    if (t.engine || t.collation) parts.push(`## 表基本信息\n\n${markdownTable(['引擎', '排序规则'], [[t.engine, t.collation]])}`);
    return { title: name, content: parts.join('\n\n') + '\n' };
  });
}
