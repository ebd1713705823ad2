import { useEffect, useRef, useState } from 'react';
import { accountLimits } from '../../../shared/constants';
import { systemTimers, type Cancel, type Timers } from '../../time/timers';

interface Props {
  text: string;
  /** Names what is copied for screen readers, e.g. "Copy address". */
  label: string;
  timers?: Timers;
}

/** Spec A §2: 'Copied!' for 2 s after copying, or 'Error' when the clipboard refuses. */
export default function CopyButton({ text, label, timers = systemTimers }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'error'>('idle');
  const cancel = useRef<Cancel | null>(null);
  useEffect(() => () => cancel.current?.(), []);

  async function copy() {
    cancel.current?.();
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('error');
    }
    cancel.current = timers.after(accountLimits.copyFeedbackMs, () => setState('idle'));
  }

  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-label={state === 'idle' ? label : undefined}
      onClick={() => void copy()}
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied!' : state === 'error' ? 'Error' : 'Copy'}</span>
    </button>
  );
}
