/**
 * A field's error as its user reads it. The contract's schemas name the wire field ("first_name
 * is required."), which is right for an API client; under a labelled control the same text names
 * it by its label ("First name is required."). Messages that do not start with the field's key
 * (the specs' own texts) are kept as they are.
 */
export function fieldMessage(message: string | undefined, name: string, label: string): string | undefined {
  if (!message) return message;
  const key = name.slice(name.lastIndexOf('.') + 1);
  return message.startsWith(`${key} `) ? `${label}${message.slice(key.length)}` : message;
}
