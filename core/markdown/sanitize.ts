import type { Config, DOMPurify } from 'dompurify';

/**
 * The one sanitiser configuration for every place Folio turns user text into HTML (viewer,
 * editor preview, HTML/Word exports, server-rendered pages). DOMPurify itself is injected: the
 * browser passes `DOMPurify(window)`, Node passes one bound to a jsdom window.
 *
 * Kept: ordinary HTML ShowDoc documents use (tables, <mark>, <details>, inline `style` without
 * script-ish CSS), the classes and ids the pipeline produces, read-only task-list checkboxes,
 * images from http(s), relative URLs and data:image. Dropped: scripts, event handlers, iframes,
 * objects, forms and form controls, `javascript:`/`vbscript:`/`data:` links, CSS expressions.
 */
const SANITIZE_CONFIG: Config = {
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'button',
    'select',
    'textarea',
    'option',
    'base',
    'meta',
    'link',
    'noscript',
    'template',
    'portal',
  ],
  // `name` is the DOM-clobbering vector (`<img name=cookie>` shadows document.cookie), so it goes;
  // ids stay, because heading anchors must keep the ids the pipeline gives (`#title`, `#location`).
  FORBID_ATTR: ['name', 'formaction', 'action', 'srcdoc', 'ping', 'background'],
  SANITIZE_DOM: false,
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
  // http(s), mailto, tel, ftp, in-page anchors and relative URLs; data: is judged by the hook below.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|ftp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp|svg\+xml);/i;
const UNSAFE_CSS = /expression\s*\(|javascript:|vbscript:|data:(?!image\/)|behavior\s*:|-moz-binding|@import/i;
// CSS escapes and comments can hide a keyword (java\script:, expr/**/ession): test without them.
const cssForTest = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\/g, '')
    .replace(/\s+/g, ' ');
const URL_ATTRS = ['href', 'src', 'xlink:href', 'action', 'poster', 'cite'];

const configured = new WeakSet<object>();

function installHooks(purify: DOMPurify): void {
  if (configured.has(purify)) return;
  configured.add(purify);
  purify.addHook('uponSanitizeElement', (node, data) => {
    // Only the pipeline's disabled checkboxes survive among inputs.
    if (data.tagName === 'input') {
      const el = node as Element;
      if ((el.getAttribute('type') || '').toLowerCase() !== 'checkbox') el.parentNode?.removeChild(el);
      else el.setAttribute('disabled', '');
    }
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && UNSAFE_CSS.test(cssForTest(data.attrValue))) data.keepAttr = false;
    if (URL_ATTRS.includes(data.attrName)) {
      const compact = data.attrValue.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
      if (compact.startsWith('data:') && !(data.attrName === 'src' && SAFE_DATA_IMAGE.test(compact))) data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A' && el.getAttribute('target')) el.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Sanitises an HTML fragment with the shared configuration. */
export function sanitizeHtml(html: string, purify: DOMPurify): string {
  installHooks(purify);
  return purify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }) as unknown as string;
}
