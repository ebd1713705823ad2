import { describe, expect, it } from 'vitest';
import type { EddPrompt } from '../../../shared/api/edd';
import { eddFormData, eddFormSchema, freeFormKey, responseKey } from './edd-form-schema';

const prompts: EddPrompt[] = [
  {
    id: 'source',
    prompt: 'Source of funds',
    response_type: 'Single-Select',
    response_options: ['Savings', 'Salary'],
    is_required: true,
    optional_free_form: 'Describe the funds',
  },
  { id: 'job', prompt: 'Occupation', response_type: 'Free-Form', is_required: false },
  { id: 'passport', prompt: 'Identity document', prompt_type: 'Identification', response_type: 'File-Upload', is_required: false },
];
const png = new File([new Uint8Array([0x89, 0x50])], 'id.png', { type: 'image/png' });
const valid = {
  [responseKey('source')]: 'Savings',
  [freeFormKey('source')]: 'Salary savings',
  [responseKey('job')]: 'Engineer',
  [responseKey('passport')]: [png],
};

function errorsOf(values: Record<string, unknown>) {
  const r = eddFormSchema(prompts).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('EDD form rules', () => {
  it('B5.edd.response-required: a complete form passes; every unanswered prompt fails, files included', () => {
    expect(errorsOf(valid)).toEqual({});
    const e = errorsOf({ ...valid, [responseKey('job')]: '  ', [responseKey('passport')]: [] });
    expect(Object.keys(e).sort()).toEqual([responseKey('job'), responseKey('passport')]);
  });

  it("B5.edd.required-message: the message is 'Please enter {prompt label}.'", () => {
    expect(errorsOf({ ...valid, [responseKey('job')]: '' })[responseKey('job')]).toBe('Please enter Occupation.');
    expect(errorsOf({ ...valid, [responseKey('passport')]: undefined })[responseKey('passport')]).toBe('Please enter Identity document.');
  });

  it('B5.edd.required-needs-free-form: a prompt flagged required needs its optional_free_form text; others do not', () => {
    expect(errorsOf({ ...valid, [freeFormKey('source')]: '' })[freeFormKey('source')]).toBe('Please enter Describe the funds.');
    expect(errorsOf({ ...valid, [freeFormKey('job')]: undefined })).toEqual({});
  });

  it('B5.edd.file-kind-and-size: a file answer is a PDF, PNG or JPEG of at most 10 MB, else its field says so', () => {
    const key = responseKey('passport');
    const file = (name: string, type: string, size = 2) => [new File([new Uint8Array(size)], name, { type })];
    expect(errorsOf({ ...valid, [key]: file('scan.pdf', 'application/pdf') })).toEqual({});
    expect(errorsOf({ ...valid, [key]: file('photo.JPG', '') })).toEqual({});
    expect(errorsOf({ ...valid, [key]: file('notes.txt', 'text/plain') })[key]).toBe('Identity document must be a PDF, PNG or JPEG file.');
    expect(errorsOf({ ...valid, [key]: file('notes', '') })[key]).toBe('Identity document must be a PDF, PNG or JPEG file.');
    expect(errorsOf({ ...valid, [key]: file('big.png', 'image/png', 10 * 1024 * 1024) })).toEqual({});
    expect(errorsOf({ ...valid, [key]: file('big.png', 'image/png', 10 * 1024 * 1024 + 1) })[key]).toBe(
      'Identity document must be at most 10 MB.',
    );
  });

  it('B3.edd.identification-prompt, B7.edd.responses-multipart: the multipart body names files by their answer and types Identification as ID', () => {
    const data = eddFormData('u1', prompts, valid);
    expect(data.get('UserId')).toBe('u1');
    expect(data.get('Prompts[passport].Response')).toBe('id.png');
    expect(data.getAll('DocTypes')).toEqual(['ID']);
    expect((data.get('Files') as File).name).toBe('id.png');
    expect(data.get('Prompts[source].OptionalFreeForm')).toBe('Salary savings');
  });
});
