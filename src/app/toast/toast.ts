import type { ReactNode } from 'react';
import { toast as sonner, type ExternalToast } from 'sonner';
import { toastDelays } from '../../shared/constants';
import type { ToastCorner } from '../config';

// Spec A §2/§3/§9: notifications carry a text (or a template), a class name, a delay and a
// position; the delay defaults by kind.

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type SonnerPosition = NonNullable<ExternalToast['position']>;

export interface ToastOptions {
  /** Milliseconds on screen; defaults per kind (spec A §9). */
  delay?: number;
  className?: string;
  /** Overrides the container's corner for this one toast. */
  position?: ToastCorner;
  /** Same id replaces the toast instead of stacking a duplicate. */
  id?: string | number;
  description?: ReactNode;
}

export function toastDelay(kind?: ToastKind): number {
  return kind ? toastDelays[kind] : toastDelays.default;
}

/** Logical corner → sonner's physical position; 'start'/'end' swap in right-to-left pages. */
export function sonnerPosition(corner: ToastCorner, dir: 'ltr' | 'rtl' = 'ltr'): SonnerPosition {
  const [vertical, side] = corner.split('-') as ['top' | 'bottom', 'start' | 'end' | 'center'];
  if (side === 'center') return `${vertical}-center`;
  const right = (side === 'end') === (dir === 'ltr');
  return `${vertical}-${right ? 'right' : 'left'}`;
}

export function documentDir(): 'ltr' | 'rtl' {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

function show(kind: ToastKind | undefined, content: ReactNode, options: ToastOptions = {}): string | number {
  const data: ExternalToast = { duration: options.delay ?? toastDelay(kind) };
  if (options.className) data.className = options.className;
  if (options.position) data.position = sonnerPosition(options.position, documentDir());
  if (options.id !== undefined) data.id = options.id;
  if (options.description !== undefined) data.description = options.description;
  return kind ? sonner[kind](content, data) : sonner(content, data);
}

export const toast = {
  show: (content: ReactNode, options?: ToastOptions) => show(undefined, content, options),
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
  warning: (content: ReactNode, options?: ToastOptions) => show('warning', content, options),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
