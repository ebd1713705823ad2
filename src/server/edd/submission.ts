import { eddDocTypes, eddFreeFormField, eddResponseField } from '../../shared/api/edd';
import type { PromptSet } from './prompt-definitions';
import type { EddFileKind } from './file-kind';

// Checks a parsed multipart questionnaire against its prompt set (spec B §5 "EDD": every
// prompt is answered; prompts flagged required also need their free text) and pairs each
// uploaded document with the prompt that names it. Pure: the route does the reading and storing.

export interface ReceivedFile {
  filename: string;
  kind: EddFileKind;
  bytes: Uint8Array;
}

export interface StoredResponse {
  id: string;
  response: string;
  optional_free_form?: string;
  prompt_type?: string;
}

export interface AcceptedSubmission {
  responses: StoredResponse[];
  /** One per received file, in order. */
  files: { file: ReceivedFile; docType: (typeof eddDocTypes)[number]; promptId: string }[];
}

export const MAX_ANSWER_LENGTH = 2000;

const PROMPT_FIELD = /^Prompts\[([A-Za-z0-9_-]{1,64})\]\.(Response|OptionalFreeForm)$/;

export type FieldErrors = Record<string, string[]>;

export function checkSubmission(
  set: PromptSet,
  fields: ReadonlyMap<string, string[]>,
  files: readonly ReceivedFile[],
): { ok: true; value: AcceptedSubmission } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const single = (name: string): string | undefined => {
    const values = fields.get(name);
    if (values && values.length > 1) fail(name, 'Send this field once.');
    return values?.[0]?.trim();
  };

  const known = new Set(set.prompts.map((p) => p.id));
  for (const name of fields.keys()) {
    if (name === 'UserId' || name === 'DocTypes') continue;
    const m = PROMPT_FIELD.exec(name);
    if (!m || !known.has(m[1]!)) fail(name, 'Unknown field.');
  }

  const docTypes = fields.get('DocTypes') ?? [];
  if (docTypes.length !== files.length)
    fail('DocTypes', `Send one document type (ID or PoR) per file: ${files.length} file(s), ${docTypes.length} type(s).`);
  docTypes.forEach((t, i) => {
    if (!(eddDocTypes as readonly string[]).includes(t)) fail(`DocTypes[${i}]`, 'A document type is ID or PoR.');
  });
  const byName = new Map<string, number>();
  files.forEach((f, i) => {
    if (byName.has(f.filename)) fail('Files', `Two files are named ${f.filename}; names must differ.`);
    byName.set(f.filename, i);
  });

  const responses: StoredResponse[] = [];
  const paired: AcceptedSubmission['files'] = [];
  const used = new Set<number>();
  for (const prompt of set.prompts) {
    const responseField = eddResponseField(prompt.id);
    const freeField = eddFreeFormField(prompt.id);
    const response = single(responseField);
    const free = single(freeField);
    const label = `Please enter ${prompt.prompt}.`;
    if (!response) {
      fail(responseField, label);
      continue;
    }
    if (response.length > MAX_ANSWER_LENGTH) fail(responseField, `At most ${MAX_ANSWER_LENGTH} characters.`);
    if (free && free.length > MAX_ANSWER_LENGTH) fail(freeField, `At most ${MAX_ANSWER_LENGTH} characters.`);
    if (prompt.is_required && !free) fail(freeField, `Please enter ${prompt.optional_free_form ?? prompt.prompt}.`);
    if (prompt.response_type === 'Single-Select' && !(prompt.response_options ?? []).includes(response)) {
      fail(responseField, `Choose one of: ${(prompt.response_options ?? []).join(', ')}.`);
    }
    if (prompt.response_type === 'File-Upload') {
      const index = byName.get(response);
      if (index === undefined) fail(responseField, 'Attach the file this answer names.');
      else {
        used.add(index);
        const docType = docTypes[index] as (typeof eddDocTypes)[number] | undefined;
        const expected = prompt.prompt_type === 'Identification' ? 'ID' : 'PoR';
        if (docType && docType !== expected) fail(`DocTypes[${index}]`, `${prompt.prompt} is a document of type ${expected}.`);
        if (docType) paired.push({ file: files[index]!, docType, promptId: prompt.id });
      }
    }
    responses.push({
      id: prompt.id,
      response,
      ...(free ? { optional_free_form: free } : {}),
      ...(prompt.prompt_type ? { prompt_type: prompt.prompt_type } : {}),
    });
  }
  files.forEach((f, i) => {
    if (!used.has(i)) fail('Files', `${f.filename} is not named by any answer.`);
  });
  const userId = single('UserId');
  if (!userId) fail('UserId', 'UserId is required.');

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { responses, files: paired } };
}
