import { Toaster } from 'sonner';
import { config, type ToastCorner } from '../config';
import { documentDir, sonnerPosition } from './toast';

// The header is sticky, so a toast in a top corner would sit over the navigation (Logout, the
// menu button on phones) for its whole delay; top toasts start below it instead.
const BELOW_HEADER = { top: 'calc(var(--header-height) + 12px)' };
const BELOW_HEADER_MOBILE = { top: 'calc(var(--header-height) + 8px)' };

/** The one toast container (spec A §2): a configurable corner, top-end unless told. */
export default function ToastHost({ corner = config.toastCorner }: { corner?: ToastCorner }) {
  const dir = documentDir();
  return (
    <Toaster
      position={sonnerPosition(corner, dir)}
      dir={dir}
      theme="dark"
      richColors
      closeButton
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER_MOBILE}
    />
  );
}
