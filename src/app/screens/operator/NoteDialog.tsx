import { useRef, useState, type FormEvent } from 'react';
import { eddDecisionSchema } from '../../../shared/api/operator';
import { Field } from '../../forms/Field';
import Modal from '../money/Modal';
import '../../forms/forms.css';
import { BusyButton } from '../../forms/BusyButton';

// The note every operator decision carries (it goes to the audit log and, for EDD, to the
// user's mail), asked for in the page rather than by window.prompt: labelled, checked by the
// same schema the server applies, and closed by Cancel or Escape without deciding anything.

const noteSchema = eddDecisionSchema.shape.note;

interface Props {
  /** What is being decided, as the dialog's title ("Approve the request of …"). */
  title: string;
  /** The confirming button's text ("Approve", "Reject"). */
  confirmLabel: string;
  /** Called with the trimmed note; the dialog stays open (and its button busy) until it settles. */
  onConfirm: (note: string) => Promise<void> | void;
  onCancel: () => void;
}

export default function NoteDialog({ title, confirmLabel, onConfirm, onCancel }: Props) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = noteSchema.safeParse(note);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A note is required.');
      // Back to the field, so a screen reader reads the error it now describes.
      field.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onConfirm(parsed.data);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onCancel}>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Review note" error={error ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              ref={field}
              className="form-input form-textarea"
              rows={3}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        <div className="form-actions">
          <BusyButton type="submit" className="btn btn-primary" busy={busy}>
            {confirmLabel}
          </BusyButton>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
