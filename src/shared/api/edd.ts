import { z } from 'zod';
import { flag } from '../flags';

// Spec B §3 and §7: enhanced due diligence prompts, requests and responses.

export const eddResponseTypes = ['Single-Select', 'Free-Form', 'File-Upload'] as const;

export const eddPromptSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  prompt: z.string(),
  /** 'Identification' is treated as an ID document, anything else as proof of residence. */
  prompt_type: z.string().optional(),
  response_type: z.enum(eddResponseTypes),
  response_options: z.array(z.string()).nullish(),
  is_required: flag.optional(),
  optional_free_form: z.string().nullish(),
});
export type EddPrompt = z.output<typeof eddPromptSchema>;
export const eddPromptsResponseSchema = z.object({ data: z.array(eddPromptSchema) });
export const eddPromptsQuerySchema = z.object({ accountType: z.enum(['individual', 'corporation']) });

export const eddRequestSchema = z.object({ required_form: z.string(), status: z.string(), date_added: z.string() });
export const eddRequestsResponseSchema = z.object({ data: z.array(eddRequestSchema) });
export const eddRequestsQuerySchema = z.object({ userId: z.string().min(1) });

/** Multipart fields: UserId, Files, DocTypes (ID or PoR per file), Prompts[{id}].Response. */
export const eddDocTypes = ['ID', 'PoR'] as const;
export const eddResponseItemSchema = z.object({
  id: z.string(),
  response: z.string().min(1),
  optional_free_form: z.string().optional(),
  prompt_type: z.string().optional(),
});
