import { z } from 'zod';
import { eddFileKinds, eddFreeFormField, eddResponseField, eddUploadLimits, type EddPrompt } from '../../../shared/api/edd';

// The EDD form's rules, built from the prompts the server sends (spec B §5 "EDD"): every
// prompt needs a response; a prompt flagged required also needs its optional_free_form text;
// a missing one reads 'Please enter {prompt label}.'

export type EddFormValues = Record<string, string | FileList | File[] | undefined>;

/** Form field of a prompt's response and of its free text (prefixed: prompt ids are data, not paths). */
export const responseKey = (id: string) => `r_${id}`;
export const freeFormKey = (id: string) => `f_${id}`;

/** Spec B §3: a prompt of type 'Identification' is an ID document, anything else proof of residence. */
export const docTypeOf = (prompt: EddPrompt): 'ID' | 'PoR' => (prompt.prompt_type === 'Identification' ? 'ID' : 'PoR');

export const requiredMessage = (label: string) => `Please enter ${label}.`;

function firstFile(value: unknown): File | undefined {
  if (typeof FileList !== 'undefined' && value instanceof FileList) return value[0] ?? undefined;
  if (Array.isArray(value)) return value[0] instanceof File ? value[0] : undefined;
  return undefined;
}

const KIND_BY_EXTENSION: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * The kind a chosen file claims: the browser's type, else (no type known) its name's extension.
 * The server checks the content itself; this only spares the user a refusal the screen would
 * not show (spec B §4: a failed submit is only logged).
 */
function claimedKind(file: File): string | undefined {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (type) return type;
  const dot = file.name.lastIndexOf('.');
  return dot < 0 ? undefined : KIND_BY_EXTENSION[file.name.slice(dot + 1).toLowerCase()];
}

function fileSchema(label: string) {
  const megabytes = eddUploadLimits.maxFileBytes / 1024 / 1024;
  return z
    .custom<FileList | File[]>((v) => firstFile(v) !== undefined, { message: requiredMessage(label) })
    .superRefine((value, ctx) => {
      const file = firstFile(value)!;
      const kind = claimedKind(file);
      if (!kind || !(eddFileKinds as readonly string[]).includes(kind)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a PDF, PNG or JPEG file.` });
      } else if (file.size > eddUploadLimits.maxFileBytes) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${megabytes} MB.` });
      }
    });
}

export function eddFormSchema(prompts: readonly EddPrompt[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const p of prompts) {
    const message = requiredMessage(p.prompt);
    shape[responseKey(p.id)] =
      p.response_type === 'File-Upload' ? fileSchema(p.prompt) : z.string({ error: message }).trim().min(1, message);
    if (p.is_required) {
      const free = requiredMessage(p.optional_free_form ?? p.prompt);
      shape[freeFormKey(p.id)] = z.string({ error: free }).trim().min(1, free);
    }
  }
  return z.object(shape);
}

export function emptyValues(prompts: readonly EddPrompt[]): EddFormValues {
  const values: EddFormValues = {};
  for (const p of prompts) {
    if (p.response_type !== 'File-Upload') values[responseKey(p.id)] = '';
    if (p.optional_free_form) values[freeFormKey(p.id)] = '';
  }
  return values;
}

/** The multipart body of spec B §7: UserId, Files, DocTypes (one per file), Prompts[{id}].Response. */
export function eddFormData(userId: string, prompts: readonly EddPrompt[], values: EddFormValues): FormData {
  const data = new FormData();
  data.append('UserId', userId);
  for (const p of prompts) {
    const value = values[responseKey(p.id)];
    const file = firstFile(value);
    if (p.response_type === 'File-Upload' && file) {
      data.append(eddResponseField(p.id), file.name);
      data.append('Files', file, file.name);
      data.append('DocTypes', docTypeOf(p));
    } else if (typeof value === 'string') {
      data.append(eddResponseField(p.id), value.trim());
    }
    const free = values[freeFormKey(p.id)];
    if (typeof free === 'string' && free.trim()) data.append(eddFreeFormField(p.id), free.trim());
  }
  return data;
}
