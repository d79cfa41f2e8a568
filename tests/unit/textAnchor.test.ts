// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { anchorFromRange, locateQuote, rangeOfAnchor } from '../../web/src/lib/textAnchor.ts';

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

  it('still finds a quote whose surroundings changed, and none when the quote is gone (outdated)', () => {
    const anchor = { quote: 'timeout', prefix: 'Set the ', suffix: ' parameter' };
    expect(locateQuote('You must set the timeout option', anchor)).toBe(17);
    expect(locateQuote('Set the deadline parameter', anchor)).toBe(-1);
  });
});
