import type { z } from 'zod';
import type { eddPromptSchema } from '../../shared/api/edd';

// The EDD questionnaires, one per account type. A released version is never edited: a change
// is a new version (individual-v2…) so requests already answered keep meaning what they meant.
// `optional_free_form` labels an extra free-text answer; prompts flagged is_required need it too.

type PromptDefinition = z.input<typeof eddPromptSchema> & { id: string };

export interface PromptSet {
  /** Stored with each request as its required_form. */
  form: string;
  prompts: readonly PromptDefinition[];
}

const individualV1: PromptSet = {
  form: 'individual-v1',
  prompts: [
    {
      id: 'source_of_funds',
      prompt: 'Source of funds',
      response_type: 'Single-Select',
      response_options: ['Salary', 'Savings', 'Investments', 'Inheritance', 'Business income', 'Other'],
      is_required: true,
      optional_free_form: 'Describe where the funds come from',
    },
    { id: 'occupation', prompt: 'Occupation and employer', response_type: 'Free-Form', is_required: false },
    {
      id: 'expected_monthly_volume',
      prompt: 'Expected monthly trading volume (USD)',
      response_type: 'Single-Select',
      response_options: ['Under 50,000', '50,000 to 250,000', '250,000 to 1,000,000', 'Over 1,000,000'],
      is_required: false,
    },
    {
      id: 'politically_exposed',
      prompt: 'Are you a politically exposed person?',
      response_type: 'Single-Select',
      response_options: ['Yes', 'No'],
      is_required: false,
    },
    { id: 'id_document', prompt: 'Identity document', prompt_type: 'Identification', response_type: 'File-Upload', is_required: false },
    { id: 'proof_of_residence', prompt: 'Proof of residence', prompt_type: 'Residence', response_type: 'File-Upload', is_required: false },
  ],
};

const corporationV1: PromptSet = {
  form: 'corporation-v1',
  prompts: [
    {
      id: 'source_of_funds',
      prompt: 'Source of company funds',
      response_type: 'Single-Select',
      response_options: ['Operating revenue', 'Equity investment', 'Loans', 'Treasury reserves', 'Other'],
      is_required: true,
      optional_free_form: 'Describe where the funds come from',
    },
    { id: 'business_activity', prompt: 'Main business activity', response_type: 'Free-Form', is_required: false },
    {
      id: 'regulated',
      prompt: 'Is the company regulated by a financial authority?',
      response_type: 'Single-Select',
      response_options: ['Yes', 'No'],
      is_required: false,
    },
    {
      id: 'ownership_structure',
      prompt: 'Ownership structure',
      response_type: 'Free-Form',
      is_required: true,
      optional_free_form: 'Name every owner of 25% or more',
    },
    {
      id: 'director_id',
      prompt: 'Director identity document',
      prompt_type: 'Identification',
      response_type: 'File-Upload',
      is_required: false,
    },
    {
      id: 'registered_address',
      prompt: 'Proof of registered address',
      prompt_type: 'Address',
      response_type: 'File-Upload',
      is_required: false,
    },
  ],
};

/** The prompt set in force for each account type. */
export const currentPromptSets = { individual: individualV1, corporation: corporationV1 } as const;

export type EddAccountType = keyof typeof currentPromptSets;

export function promptSetFor(accountType: string): PromptSet {
  return accountType === 'corporation' ? currentPromptSets.corporation : currentPromptSets.individual;
}
