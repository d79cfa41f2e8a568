import { CALLOUT_CSS } from '../../../../core/markdown/calloutStyles.ts';

/** Adds the callouts' stylesheet to the document once (the HTML export embeds the same rules). */
export function installCalloutStyle(doc: Document = document): void {
  if (doc.getElementById('folio-callout-style')) return;
  const style = doc.createElement('style');
  style.id = 'folio-callout-style';
  style.textContent = CALLOUT_CSS;
  doc.head.append(style);
}
