import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pagePills } from './news-pages';

describe('news pages', () => {
  it('A4.news.page-clamped: the current page stays between 1 and the number of pages', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(-5, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });
  it('A9.news.page-size-6: six cards a page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(14)).toBe(3);
  });
  it('A9.news.page-pills: at most 5 numbered pills, ellipses for the rest', () => {
    expect(pagePills(1, 3)).toEqual([1, 2, 3]);
    expect(pagePills(1, 9)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end']);
    expect(pagePills(5, 9)).toEqual(['ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end']);
    expect(pagePills(9, 9)).toEqual(['ellipsis-start', 5, 6, 7, 8, 9]);
  });
});
