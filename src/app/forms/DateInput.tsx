import { TextInput, type TextInputProps } from './TextInput';

export type DateInputProps = Omit<TextInputProps, 'type'> & {
  /** ISO dates (YYYY-MM-DD); the schema enforces the range, these only steer the picker. */
  min?: string;
  max?: string;
};

/** A native date picker; its value is always an ISO date or ''. */
export function DateInput({ placeholder = 'YYYY-MM-DD', ...props }: DateInputProps) {
  return <TextInput {...props} type="date" placeholder={placeholder} />;
}
