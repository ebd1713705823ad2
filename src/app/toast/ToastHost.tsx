import { Toaster } from 'sonner';
import { config, type ToastCorner } from '../config';
import { documentDir, sonnerPosition } from './toast';

/** The one toast container (spec A §2): a configurable corner, top-end unless told. */
export default function ToastHost({ corner = config.toastCorner }: { corner?: ToastCorner }) {
  const dir = documentDir();
  return <Toaster position={sonnerPosition(corner, dir)} dir={dir} theme="dark" richColors closeButton />;
}
