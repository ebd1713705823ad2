import { z } from 'zod';
import { flag } from '../flags';

// Spec B §3 and §7: enhanced due diligence prompts, requests and responses.

/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddResponseTypes = ['Single-Select', 'Free-Form', 'File-Upload'] as const;

/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
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
/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddPromptsResponseSchema = z.object({ data: z.array(eddPromptSchema) });
/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddPromptsQuerySchema = z.object({ accountType: z.enum(['individual', 'corporation']) });

/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddRequestSchema = z.object({ required_form: z.string(), status: z.string(), date_added: z.string() });
/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddRequestsResponseSchema = z.object({ data: z.array(eddRequestSchema) });
/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddRequestsQuerySchema = z.object({ userId: z.string().min(1) });

/**
 * Multipart fields: UserId, Files, DocTypes (ID or PoR per file), Prompts[{id}].Response.
 * Contract of the Enhanced Due Diligence screen (spec B §2, §7).
 */
export const eddDocTypes = ['ID', 'PoR'] as const;
/** Contract of the Enhanced Due Diligence screen (spec B §2, §7). */
export const eddResponseItemSchema = z.object({
  id: z.string(),
  response: z.string().min(1),
  optional_free_form: z.string().optional(),
  prompt_type: z.string().optional(),
});

/** Upload limits of POST /v1/enterprise/eddq/responses (the server enforces them; the screen says them). */
export const eddUploadLimits = { maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 } as const;
/** Document kinds accepted, recognised by content: PDF, PNG, JPEG. */
export const eddFileKinds = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** Multipart field of a prompt's answer: `Prompts[{id}].Response`. */
export const eddResponseField = (id: string) => `Prompts[${id}].Response`;
/** Multipart field of a prompt's extra free text (required where the prompt is required): `Prompts[{id}].OptionalFreeForm`. */
export const eddFreeFormField = (id: string) => `Prompts[${id}].OptionalFreeForm`;

/** The answer of a successful submit: the request as the requests card lists it. */
export const eddSubmitResponseSchema = z.object({ id: z.string(), required_form: z.string(), status: z.string(), date_added: z.string() });
