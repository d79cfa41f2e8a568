// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { anchorFromRange, locateQuote, rangeOfAnchor } from '../../web/src/lib/textAnchor.ts';
import { watermarkBackground } from '../../web/src/lib/watermark.ts';

/** A rendered page as the sanitiser leaves it: text split over inline elements. */
function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

function select(root: HTMLElement, text: string, nth = 0): Range {
  const anchor = { quote: text, prefix: '', suffix: '' };
  const full = root.textContent ?? '';
  let at = -1;
  for (let i = 0; i <= nth; i++) at = full.indexOf(text, at + 1);
  const before = full.slice(0, at);
  // the quote with a prefix long enough to pick the nth occurrence
  const range = rangeOfAnchor(root, { ...anchor, prefix: before.slice(-32) });
  if (!range) throw new Error(`no ${text}`);
  return range;
}

describe('inline comment anchors', () => {
  it('takes the quote and up to 32 characters of rendered text either side, across elements', () => {
    const root = page('<p>Set the <code>timeout</code> parameter to <strong>30 seconds</strong> before calling the endpoint again.</p>');
    const range = document.createRange();
    const code = root.querySelector('code')!.firstChild!;
    const strong = root.querySelector('strong')!.firstChild!;
    range.setStart(code, 0);
    range.setEnd(strong, 2);
    expect(anchorFromRange(root, range)).toEqual({ quote: 'timeout parameter to 30', prefix: 'Set the ', suffix: ' seconds before calling the endp' });
  });

  it('drops blanks around the selection and refuses an empty one or one outside the page', () => {
    const root = page('<p>alpha beta</p>');
    const text = root.querySelector('p')!.firstChild!;
    const range = document.createRange();
    range.setStart(text, 5);
    range.setEnd(text, 10);
    expect(anchorFromRange(root, range)?.quote).toBe('beta');
    range.setStart(text, 5);
    range.setEnd(text, 6);
    expect(anchorFromRange(root, range)).toBeNull();
    const outside = document.createElement('p');
    outside.textContent = 'elsewhere';
    document.body.append(outside);
    range.selectNodeContents(outside);
    expect(anchorFromRange(root, range)).toBeNull();
  });

  it('finds the right one of repeated quotes by its context, and the same text again from its own anchor', () => {
    const root = page('<p>GET /users returns a list.</p><p>POST /users returns the new user.</p>');
    const second = select(root, 'returns', 1);
    const anchor = anchorFromRange(root, second)!;
    expect(anchor.prefix.endsWith('POST /users ')).toBe(true);
    const found = rangeOfAnchor(root, anchor)!;
    expect(found.toString()).toBe('returns');
    expect(found.startContainer.parentElement!.textContent).toContain('POST');
  });

  it('still finds a quote whose surroundings or line breaks changed, and none when the quote is gone (outdated)', () => {
    const anchor = { quote: 'the timeout parameter', prefix: 'Set ', suffix: ' to 30' };
    expect(locateQuote('You must set the timeout parameter now', anchor)).toEqual({ start: 13, end: 34 });
    // Markdown reflowed: the rendered text breaks the line inside the quote; the range covers the break.
    expect(locateQuote('Set the timeout\nparameter to 30', anchor)).toEqual({ start: 4, end: 25 });
    expect(locateQuote('Set the deadline parameter', anchor)).toBeNull();
  });

  it('maps a quote back to a DOM range spanning elements', () => {
    const root = page('<p>Use <em>the</em> <code>timeout</code>\nparameter.</p>');
    const range = rangeOfAnchor(root, { quote: 'the timeout parameter', prefix: 'Use ', suffix: '.' })!;
    expect(range.toString()).toBe('the timeout\nparameter');
    expect(range.startContainer.parentElement!.tagName).toBe('EM');
  });
});

describe('watermark', () => {
  it('escapes the user name inside the SVG and encodes it into a data URL', () => {
    const css = watermarkBackground('<img src=x onerror=alert(1)>"', '2026-11-27');
    expect(css.startsWith('url("data:image/svg+xml;charset=utf-8,')).toBe(true);
    const encoded = css.slice(css.indexOf(',') + 1, -2);
    // nothing that could end the CSS string of url("…")
    expect(encoded).not.toMatch(/["\\\n]/);
    const svg = decodeURIComponent(encoded);
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;&quot; 2026-11-27');
    expect(svg).not.toContain('<img');
  });
});
