// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { bareInlineMarkup, safeNewsLink, sanitiseTitle } from './news-title';

describe('news titles', () => {
  it('A3.news.title-markup: inline formatting stays; scripts, handlers, styles, SVG, images and links go', () => {
    expect(sanitiseTitle('BTC <em>up</em> <strong>5%</strong>')).toBe('BTC <em>up</em> <strong>5%</strong>');
    expect(sanitiseTitle('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitiseTitle('<img src=x onerror="alert(1)">x')).toBe('x');
    expect(sanitiseTitle('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(sanitiseTitle('<svg><script>alert(1)</script></svg>t')).toBe('t');
    expect(sanitiseTitle('<span style="position:fixed;inset:0" class="x" onclick="x()">s</span>')).toBe('<span>s</span>');
    expect(sanitiseTitle('<style>body{display:none}</style>ok')).toBe('ok');
  });
  it('A3.news.title-markup: before DOMPurify parses it, a title keeps only bare inline tags and text (no attribute reaches a parser)', () => {
    const hostile = [
      '<img src=x onerror="alert(1)">',
      '<img alt="a>b" onerror="x()">',
      '<svg onload=x><script>y</script></svg>',
      '<span style="color:red" onclick=x>s</span>',
      '<style>b{}</style><!-- c --><![CDATA[x]]>',
      '<a href="javascript:x">l</a>',
      '<scr<script>ipt>',
    ].map(bareInlineMarkup);
    for (const out of hostile) expect(out).not.toMatch(/<(?!\/?(?:span|em|strong)>)/i);
    expect(hostile[1]).toBe('b" onerror="x()">');
    expect(bareInlineMarkup('<EM class="x">a</EM> 1 < 2')).toBe('<em>a</em> 1 &lt; 2');
  });
  it('A2.news.opens-new-tab: a card opens only http(s) links', () => {
    expect(safeNewsLink('https://example.com/a')).toBe('https://example.com/a');
    expect(safeNewsLink('javascript:alert(1)')).toBeUndefined();
    expect(safeNewsLink('data:text/html,x')).toBeUndefined();
    expect(safeNewsLink('not a url')).toBeUndefined();
  });
});
