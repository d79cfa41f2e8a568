/**
 * The server's messages name the field they are about (`item_domain: personalized domain names
 * can only be…`, zod's `item_name: is required; password: …`), which scripts and the CLI need.
 * People get the field's label instead: "Item name is required", "Personalized domain names can
 * only be…". A field without a label loses its prefix and the sentence gets its capital.
 */
const PREFIX = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)\s*([:：])\s*(.*)$/s;
/** Words that continue the label as a sentence ("Item name is required", not "Item name: is required"). */
const VERB_START = /^(is|are|must|should|cannot|can|may|needs?|has|have|does|do|was|were|no|not)\b/i;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function humaniseMessage(message: string, label: (field: string) => string | undefined): string {
  return message
    .split(/;\s+/)
    .map((part) => {
      const m = PREFIX.exec(part);
      if (!m) return part;
      const [, field, colon, rest] = m as unknown as [string, string, string, string];
      const name = label(field);
      if (!name) return capitalise(rest);
      if (VERB_START.test(rest)) return `${name} ${rest}`;
      // The rest already names the thing ("personalized domain names can only be…"): say it once.
      if (rest.toLowerCase().startsWith(name.toLowerCase())) return capitalise(rest);
      return colon === ':' ? `${name}: ${rest}` : `${name}：${rest}`;
    })
    .join('; ');
}
