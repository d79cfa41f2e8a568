/**
 * The look of callouts (core/markdown/callouts.ts): one style for Docusaurus/VitePress `:::`, MkDocs
 * `!!!`/`???`, pymdownx `///` and GitHub `> [!NOTE]`. A string, not a .css file, so that the web view
 * (web/src/components/MarkdownView/calloutStyle.ts) and the HTML export (exporters/htmlSite.ts) share
 * one source: the exporter runs in Node, where a stylesheet cannot be imported.
 */
export const CALLOUT_CSS = `.callout { border-left: 4px solid #3b82f6; background: #eff6ff; border-radius: 6px; padding: 8px 14px; margin: 0 0 1em; }
.callout > :last-child { margin-bottom: 0; }
.callout-title { font-weight: 600; margin: 0 0 4px; }
details.callout > summary.callout-title { cursor: pointer; }
details.callout:not([open]) > summary.callout-title { margin-bottom: 0; }
.callout-tip, .callout-success { border-color: #16a34a; background: #f0fdf4; }
.callout-tip > .callout-title, .callout-success > .callout-title { color: #15803d; }
.callout-note > .callout-title, .callout-info > .callout-title, .callout-abstract > .callout-title { color: #1d4ed8; }
.callout-info, .callout-abstract { border-color: #0891b2; background: #ecfeff; }
.callout-important, .callout-question, .callout-example { border-color: #7c3aed; background: #f5f3ff; }
.callout-important > .callout-title, .callout-question > .callout-title, .callout-example > .callout-title { color: #6d28d9; }
.callout-warning, .callout-caution { border-color: #d97706; background: #fffbeb; }
.callout-warning > .callout-title, .callout-caution > .callout-title { color: #b45309; }
.callout-danger, .callout-bug, .callout-failure { border-color: #dc2626; background: #fef2f2; }
.callout-danger > .callout-title, .callout-bug > .callout-title, .callout-failure > .callout-title { color: #b91c1c; }
.callout-quote { border-color: #9ca3af; background: #f9fafb; }`;
