// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { toast as sonner } from 'sonner';
import { sonnerPosition, toast, toastDelay } from './toast';

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.dir = '';
});

test('A9.toast.success-delay-3000ms, A9.toast.error-delay-5000ms, A9.toast.info-delay-4000ms, A9.toast.warning-delay-4000ms, A9.toast.default-delay-3000ms: default delays by kind', () => {
  expect(toastDelay('success')).toBe(3000);
  expect(toastDelay('error')).toBe(5000);
  expect(toastDelay('info')).toBe(4000);
  expect(toastDelay('warning')).toBe(4000);
  expect(toastDelay()).toBe(3000);
});

test('A3.toast.fields, A9.toast.error-delay-5000ms: toasts are shown with their kind’s delay unless one is given', () => {
  const error = vi.spyOn(sonner, 'error').mockImplementation(() => 1);
  const info = vi.spyOn(sonner, 'info').mockImplementation(() => 1);
  toast.error('Boom');
  toast.info('FYI', { delay: 1234, className: 'x' });
  expect(error).toHaveBeenCalledWith('Boom', { duration: 5000 });
  expect(info).toHaveBeenCalledWith('FYI', { duration: 1234, className: 'x' });
});

test('A2.toast.corner: top-end by default is top-right, mirrored in right-to-left pages', () => {
  expect(sonnerPosition('top-end')).toBe('top-right');
  expect(sonnerPosition('top-end', 'rtl')).toBe('top-left');
  expect(sonnerPosition('bottom-start')).toBe('bottom-left');
  expect(sonnerPosition('bottom-start', 'rtl')).toBe('bottom-right');
  expect(sonnerPosition('top-center', 'rtl')).toBe('top-center');
});

test('A2.toast.corner, A3.toast.fields: a per-toast position follows the page direction', () => {
  const success = vi.spyOn(sonner, 'success').mockImplementation(() => 1);
  document.documentElement.dir = 'rtl';
  toast.success('Saved', { position: 'bottom-end' });
  expect(success).toHaveBeenCalledWith('Saved', { duration: 3000, position: 'bottom-left' });
});
