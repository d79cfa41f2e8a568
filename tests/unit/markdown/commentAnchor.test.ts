import { describe, expect, it } from 'vitest';
import { locateAnchor, markdownReadText, parseAnchor } from '../../../core/commentAnchor.ts';
import { mentionedNames } from '../../../server/commands/comments/commentNotices.ts';

describe('markdownReadText', () => {
  it('keeps what a reader sees: text, inline code, code blocks, table cells, raw HTML text; no markup', () => {
    const md =
      '# Title *x*\n\nA `code` and [link](http://e.com) ![alt text](i.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```\n\n<div class="n">raw <b>html</b></div>\n';
    const text = markdownReadText(md);
    expect(text).toContain('Title x');
    expect(text).toContain('A code and link alt text');
    expect(text).toContain('let x = 1;');
    expect(text.replace(/\s+/g, ' ')).toContain('raw html');
    expect(text).not.toMatch(/[*`#|]|<b>|http:\/\/e\.com/);
  });
});

describe('locateAnchor', () => {
  const text = markdownReadText('## GET\n\nReturns 200.\n\n## DELETE\n\nReturns 200.\n');
  it('ignores whitespace differences between the selection and the text', () => {
    expect(locateAnchor({ quote: 'GET\n\tReturns  200', prefix: '', suffix: '' }, text)).toEqual({ outdated: false, occurrence: 0 });
  });
  it('picks the occurrence whose context matches, and says outdated when the quote is gone', () => {
    expect(locateAnchor({ quote: 'Returns 200.', prefix: 'DELETE ', suffix: '' }, text).occurrence).toBe(1);
    expect(locateAnchor({ quote: 'Returns 200.', prefix: 'GET ', suffix: ' DELETE' }, text).occurrence).toBe(0);
    expect(locateAnchor({ quote: 'Returns 404.', prefix: '', suffix: '' }, text)).toEqual({ outdated: true, occurrence: -1 });
  });
  it('falls back to the raw Markdown for text the renderer turns into something else', () => {
    expect(locateAnchor({ quote: '[TOC]', prefix: '', suffix: '' }, markdownReadText('[TOC]\n\nx'), '[TOC]\n\nx').outdated).toBe(false);
  });
});

describe('parseAnchor and mentions', () => {
  it('reads stored anchors and refuses broken ones', () => {
    expect(parseAnchor('')).toBeNull();
    expect(parseAnchor('{bad')).toBeNull();
    expect(parseAnchor('{"quote":""}')).toBeNull();
    expect(parseAnchor('{"quote":"q"}')).toEqual({ quote: 'q', prefix: '', suffix: '' });
  });
  it('finds @names outside code, not e-mail addresses', () => {
    expect(mentionedNames('Hi @alice, @bob.smith. and @张三 — mail me@example.com `@carol` \n```\n@dave\n```')).toEqual(['alice', 'bob.smith', '张三']);
  });
});
