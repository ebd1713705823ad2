import DOMPurify from 'dompurify';

// Spec A §3: a news title may carry markup and is rendered as HTML. It comes from a feed, so it
// is sanitised to inline formatting only: no scripts, handlers, styles, images, SVG, forms or
// links (the card itself is the link, and its href is checked apart).
const INLINE_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'mark', 'small', 'sub', 'sup', 'code', 'br', 'span'];
const INLINE = new Set(INLINE_TAGS);

// Any HTML parse in the page — DOMParser, <template>, an inert document, so DOMPurify's too —
// makes Chromium check (and report) the page's CSP for every handler attribute and style it
// meets, though nothing runs. So before DOMPurify parses a title, this pre-pass keeps only bare
// inline tags (no attributes at all, which DOMPurify would drop anyway) and text: the parse then
// meets nothing to report. DOMPurify stays the sanitiser; this pass is not relied on for safety.
const WHOLE_ELEMENTS =
  /<(script|style|textarea|title|xmp|iframe|noscript|noembed|noframes|template|svg|math|object|select)\b[\s\S]*?<\/\1\s*>/gi;
const COMMENTS = /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?/g;
const TAGS = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[\s/][^<>]*)?>/g;
/** A '<' that does not open a bare inline tag (what the removals may have joined up) is text. */
const STRAY_LT = new RegExp(`<(?!/?(?:${INLINE_TAGS.join('|')})>)`, 'g');

export function bareInlineMarkup(html: string): string {
  return html
    .replace(WHOLE_ELEMENTS, '')
    .replace(COMMENTS, '')
    .replace(TAGS, (_, slash: string, name: string) => (INLINE.has(name.toLowerCase()) ? `<${slash}${name.toLowerCase()}>` : ''))
    .replace(STRAY_LT, '&lt;');
}

export function sanitiseTitle(html: string): string {
  return DOMPurify.sanitize(bareInlineMarkup(html), { ALLOWED_TAGS: INLINE_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true });
}

/** The card's href: http(s) only; anything else opens nothing. */
export function safeNewsLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
