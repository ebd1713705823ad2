import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  eddPromptsQuerySchema,
  eddPromptsResponseSchema,
  eddRequestsQuerySchema,
  eddRequestsResponseSchema,
  eddSubmitResponseSchema,
  eddUploadLimits,
} from '../../shared/api/edd';
import { paths } from '../../shared/api/paths';
import { parseRoles } from '../auth';
import type { AppContext } from '../context';
import { AppError, appError, validationError } from '../errors';
import { requireAuth } from '../http/auth-guard';
import { defineRoute } from '../http/route';
import { runTransaction } from '../db/transaction';
import { newId } from '../lib/ids';
import type { DocumentStore } from './document-store';
import { declaredTypeContradicts, sniffFileKind } from './file-kind';
import { promptSetFor } from './prompt-definitions';
import { checkSubmission, type ReceivedFile } from './submission';

// Spec B §7 EDD calls, plus GET /v1/enterprise/eddq/files/{id} (our choice) for a document's
// owner and operators. A refused submit stores nothing: every part is read and checked in
// memory before the first file is written, and files written are removed if the insert fails.

export const OPERATOR_ROLE = 'operator';

const MULTIPART_LIMITS = {
  fileSize: eddUploadLimits.maxFileBytes,
  files: eddUploadLimits.maxFiles,
  fields: 100,
  parts: 120,
  fieldSize: 4096,
  fieldNameSize: 100,
};

const FRAMEWORK_CODES: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => appError('edd_file_too_large'),
  FST_FILES_LIMIT: () => appError('edd_too_many_files'),
  FST_PARTS_LIMIT: () => validationError({ Prompts: ['Too many fields.'] }),
  FST_FIELDS_LIMIT: () => validationError({ Prompts: ['Too many fields.'] }),
  FST_PROTO_VIOLATION: () => validationError({ Prompts: ['Field name not allowed.'] }),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => validationError({ body: ['Send the answers as multipart/form-data.'] }),
  FST_MP_PREMATURE_CLOSE: () => validationError({ body: ['The upload ended early.'] }),
};

interface ReadSubmission {
  fields: Map<string, string[]>;
  files: ReceivedFile[];
}

async function readMultipart(request: FastifyRequest): Promise<ReadSubmission> {
  if (!request.isMultipart()) throw validationError({ body: ['Send the answers as multipart/form-data.'] });
  const fields = new Map<string, string[]>();
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'Files') throw validationError({ [part.fieldname]: ['Files are sent in the field Files.'] });
        const kind = sniffFileKind(bytes.subarray(0, 16));
        if (!kind || declaredTypeContradicts(part.mimetype, kind)) {
          throw appError('edd_file_type', { errors: { Files: [`${part.filename || 'A file'} is not a PDF, PNG or JPEG document.`] } });
        }
        const filename = (part.filename || '').slice(0, 200);
        if (!filename) throw validationError({ Files: ['Every file needs a name.'] });
        files.push({ filename, kind, bytes });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw validationError({ [part.fieldname]: ['Too long.'] });
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), value]);
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const mapped = typeof code === 'string' ? FRAMEWORK_CODES[code] : undefined;
    if (mapped) throw mapped();
    if (err instanceof AppError) throw err;
    // Anything else thrown while reading is the body's fault (busboy: malformed part, early end).
    throw validationError({ body: ['The multipart body could not be read.'] });
  }
  return { fields, files };
}

export function isOperator(roles: string): boolean {
  return parseRoles(roles).includes(OPERATOR_ROLE);
}

const fileParams = z.object({ id: z.string().min(1).max(64) });

export async function registerEddRoutes(app: FastifyInstance, ctx: AppContext, store: DocumentStore): Promise<void> {
  const { authenticator, database, clock } = ctx;
  const db = database.db;

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.edd.prompts,
    auth: true,
    query: eddPromptsQuerySchema,
    response: eddPromptsResponseSchema,
    async handler({ query }) {
      return { data: [...promptSetFor(query.accountType).prompts] };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.edd.requests,
    auth: true,
    query: eddRequestsQuerySchema,
    response: eddRequestsResponseSchema,
    async handler({ auth, query }) {
      if (query.userId !== auth.user.id) throw appError('edd_user_mismatch');
      const rows = await db
        .selectFrom('edd_requests')
        .select(['required_form', 'status', 'created_at'])
        .where('user_id', '=', auth.user.id)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return {
        data: rows.map((r) => ({ required_form: r.required_form, status: r.status, date_added: new Date(r.created_at).toISOString() })),
      };
    },
  });

  // Multipart lives in its own scope: every other route keeps accepting JSON only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    defineRoute(scope, authenticator, {
      method: 'POST',
      url: paths.edd.responses,
      auth: true,
      response: eddSubmitResponseSchema,
      async handler({ auth, request }) {
        const { fields, files } = await readMultipart(request);
        const userIds = fields.get('UserId') ?? [];
        if (userIds.length > 0 && userIds.some((id) => id !== auth.user.id)) throw appError('edd_user_mismatch');
        const set = promptSetFor(auth.user.account_type);
        const checked = checkSubmission(set, fields, files);
        if (!checked.ok) throw validationError(checked.errors);

        const now = clock.now();
        const id = newId();
        const names = store.writeAll(checked.value.files.map((f) => f.file.bytes));
        try {
          await runTransaction(database, async (trx) => {
            await trx
              .insertInto('edd_requests')
              .values({
                id,
                user_id: auth.user.id,
                required_form: set.form,
                status: 'Submitted',
                responses: JSON.stringify(checked.value.responses),
                created_at: now,
              })
              .execute();
            for (const [i, f] of checked.value.files.entries()) {
              await trx
                .insertInto('edd_files')
                .values({
                  id: newId(),
                  request_id: id,
                  user_id: auth.user.id,
                  stored_name: names[i]!,
                  original_name: f.file.filename,
                  doc_type: f.docType,
                  content_type: f.file.kind,
                  size: f.file.bytes.byteLength,
                  created_at: now,
                })
                .execute();
            }
          });
        } catch (err) {
          store.remove(names);
          throw err;
        }
        return { id, required_form: set.form, status: 'Submitted', date_added: new Date(now).toISOString() };
      },
    });
  });

  // A document back, only to its owner and to operators, always as a download.
  app.get(`${paths.edd.responses.replace(/responses$/, 'files')}/:id`, async (request, reply) => {
    const auth = await requireAuth(request, authenticator);
    const params = fileParams.safeParse(request.params);
    if (!params.success) throw appError('not_found');
    const row = await db.selectFrom('edd_files').selectAll().where('id', '=', params.data.id).executeTakeFirst();
    if (!row || (row.user_id !== auth.user.id && !isOperator(auth.user.roles))) throw appError('not_found');
    const ext = row.content_type === 'application/pdf' ? 'pdf' : row.content_type === 'image/png' ? 'png' : 'jpg';
    reply
      .header('content-type', row.content_type)
      .header('content-disposition', `attachment; filename="document-${row.id}.${ext}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return reply.send(store.read(row.stored_name));
  });
}
