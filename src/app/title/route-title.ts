import { PRODUCT_NAME } from '../../shared/constants';

/**
 * What a route says about the tab's title, in its `handle`: the page's name, or that the page
 * writes the title itself (the exchange's best bid and pair, spec B §1).
 */
export type RouteTitle = { readonly title: string } | { readonly ownTitle: true };

/** "Portfolio · Ox Exchange": the page first, so tabs cut short still tell pages apart. */
export function pageTitle(name: string): string {
  return `${name} · ${PRODUCT_NAME}`;
}

/** The deepest route that names a title decides; none, the product name alone. */
export function titleFromHandles(handles: readonly unknown[]): string | null {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i] as Partial<{ title: unknown; ownTitle: unknown }> | null | undefined;
    if (handle?.ownTitle === true) return null;
    if (typeof handle?.title === 'string') return pageTitle(handle.title);
  }
  return PRODUCT_NAME;
}
