import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eddFreeFormField, eddResponseField } from '../../src/shared/api/edd';
import { ELF, multipartBody, TINY_PDF, TINY_PNG, type FilePart } from '../support/multipart';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// The EDD questionnaire over HTTP: prompts, submits with documents, the requests list, and
// every refusal (lying uploads, too large, too many, another user's id) leaving nothing behind.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ store, seed: true });
  });
  afterAll(async () => t.close());

  function answers(userId: string, overrides: Record<string, string | undefined> = {}): Array<[string, string]> {
    const base: Record<string, string | undefined> = {
      UserId: userId,
      [eddResponseField('source_of_funds')]: 'Savings',
      [eddFreeFormField('source_of_funds')]: 'Twenty years of salary savings.',
      [eddResponseField('occupation')]: 'Engineer at Analytical Engines',
      [eddResponseField('expected_monthly_volume')]: 'Under 50,000',
      [eddResponseField('politically_exposed')]: 'No',
      [eddResponseField('id_document')]: 'passport.png',
      [eddResponseField('proof_of_residence')]: 'bill.pdf',
      ...overrides,
    };
    const out = Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined);
    return out;
  }

  const goodFiles: FilePart[] = [
    { filename: 'passport.png', contentType: 'image/png', bytes: TINY_PNG },
    { filename: 'bill.pdf', contentType: 'application/pdf', bytes: TINY_PDF },
  ];

  function submit(
    client: Client,
    fields: Array<[string, string]>,
    files: FilePart[],
    docTypes: string[] = files.map((_, i) => (i === 0 ? 'ID' : 'PoR')),
  ) {
    const body = multipartBody([...fields, ...docTypes.map((d): [string, string] => ['DocTypes', d])], files);
    return client.post('/v1/enterprise/eddq/responses', body.payload, { headers: { 'content-type': body.contentType } });
  }

  function storedFiles(): string[] {
    const dir = path.join(t.dataDir, 'edd-files');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  async function requestCount(userId: string): Promise<number> {
    const rows = await t.app.ctx.database.db.selectFrom('edd_requests').select('id').where('user_id', '=', userId).execute();
    return rows.length;
  }

  describe('EDD prompts', () => {
    it('API.edd.prompt-sets: individuals and corporations get their own versioned prompt sets', async () => {
      const { client } = await registerIndividual(t);
      const ind = await client.get('/v1/enterprise/eddq/prompts?accountType=individual');
      const corp = await client.get('/v1/enterprise/eddq/prompts?accountType=corporation');
      expect(ind.statusCode).toBe(200);
      const ids = (r: typeof ind) => (r.json() as { data: { id: string }[] }).data.map((p) => p.id);
      expect(ids(ind)).toContain('occupation');
      expect(ids(corp)).toContain('ownership_structure');
      const types = new Set((ind.json() as { data: { response_type: string }[] }).data.map((p) => p.response_type));
      expect(types).toEqual(new Set(['Single-Select', 'Free-Form', 'File-Upload']));
      const bad = await client.get('/v1/enterprise/eddq/prompts?accountType=robot');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(problem(bad).errors ?? {})).toContain('query.accountType');
      expect((await new Client(t.app).get('/v1/enterprise/eddq/prompts?accountType=individual')).statusCode).toBe(401);
    });
  });

  describe('EDD submit', () => {
    it('API.edd.submit: a complete questionnaire with a PNG and a PDF is recorded and listed; the documents are private files', async () => {
      const { client, user } = await registerIndividual(t);
      const before = storedFiles().length;
      const res = await submit(client, answers(user.id), goodFiles);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ required_form: 'individual-v1', status: 'Submitted' });
      expect(storedFiles().length).toBe(before + 2);
      for (const name of storedFiles()) {
        expect(name).toMatch(/^[0-9a-f]{32}$/);
        expect(fs.statSync(path.join(t.dataDir, 'edd-files', name)).mode & 0o777).toBe(0o600);
      }
      const list = await client.get(`/v1/enterprise/eddq/requests?userId=${user.id}`);
      expect(list.statusCode).toBe(200);
      expect((list.json() as { data: unknown[] }).data).toEqual([
        { required_form: 'individual-v1', status: 'Submitted', date_added: new Date(t.clock.now()).toISOString() },
      ]);
    });

    it('API.edd.documents-private: a document goes back to its owner as an attachment, to nobody else', async () => {
      const { client, user } = await registerIndividual(t);
      expect((await submit(client, answers(user.id), goodFiles)).statusCode).toBe(200);
      const file = await t.app.ctx.database.db
        .selectFrom('edd_files')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('content_type', '=', 'image/png')
        .executeTakeFirstOrThrow();
      const mine = await client.get(`/v1/enterprise/eddq/files/${file.id}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
      expect(mine.headers['content-type']).toBe('image/png');
      expect(mine.rawPayload.equals(TINY_PNG)).toBe(true);
      const other = await registerIndividual(t);
      expect((await other.client.get(`/v1/enterprise/eddq/files/${file.id}`)).statusCode).toBe(404);
      expect((await new Client(t.app).get(`/v1/enterprise/eddq/files/${file.id}`)).statusCode).toBe(401);
    });

    it('API.errors.not-found-404: a document id that does not exist answers 404 not_found', async () => {
      const { client } = await registerIndividual(t);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await client.get(`/v1/enterprise/eddq/files/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(problem(res).code, id).toBe('not_found');
      }
    });

    it("API.edd.own-requests-only: another user's requests are refused", async () => {
      const a = await registerIndividual(t);
      const b = await registerIndividual(t);
      const res = await a.client.get(`/v1/enterprise/eddq/requests?userId=${b.user.id}`);
      expect(res.statusCode).toBe(403);
      expect(problem(res).code).toBe('edd_user_mismatch');
      expect((await a.client.get('/v1/enterprise/eddq/requests')).statusCode).toBe(400);
    });

    describe('API.edd.refused-stores-nothing', () => {
      const refusals: Array<
        [string, (userId: string) => { fields: Array<[string, string]>; files: FilePart[]; docTypes?: string[] }, number, string]
      > = [
        [
          'API.edd.upload-content-type: an executable named .png',
          (id) => ({ fields: answers(id), files: [{ filename: 'passport.png', contentType: 'image/png', bytes: ELF }, goodFiles[1]!] }),
          415,
          'edd_file_type',
        ],
        [
          'API.edd.upload-content-type: a PDF declared as JPEG',
          (id) => ({ fields: answers(id), files: [goodFiles[0]!, { filename: 'bill.pdf', contentType: 'image/jpeg', bytes: TINY_PDF }] }),
          415,
          'edd_file_type',
        ],
        [
          'API.edd.upload-limits: a file over 10 MB',
          (id) => ({
            fields: answers(id),
            files: [
              goodFiles[0]!,
              { filename: 'bill.pdf', contentType: 'application/pdf', bytes: Buffer.concat([TINY_PDF, Buffer.alloc(10 * 1024 * 1024)]) },
            ],
          }),
          413,
          'edd_file_too_large',
        ],
        [
          'API.edd.upload-limits: six files',
          (id) => ({
            fields: answers(id),
            files: [...goodFiles, ...[1, 2, 3, 4].map((i) => ({ filename: `extra${i}.png`, contentType: 'image/png', bytes: TINY_PNG }))],
            docTypes: ['ID', 'PoR', 'PoR', 'PoR', 'PoR', 'PoR'],
          }),
          413,
          'edd_too_many_files',
        ],
        [
          "API.edd.user-id-is-caller: another user's UserId",
          () => ({ fields: answers('someone-else'), files: goodFiles }),
          403,
          'edd_user_mismatch',
        ],
        [
          'B5.edd.required-needs-free-form: a required prompt without its free text',
          (id) => ({ fields: answers(id, { [eddFreeFormField('source_of_funds')]: undefined }), files: goodFiles }),
          400,
          'validation_failed',
        ],
        [
          'B5.edd.response-required: an unanswered prompt',
          (id) => ({ fields: answers(id, { [eddResponseField('occupation')]: undefined }), files: goodFiles }),
          400,
          'validation_failed',
        ],
        [
          'API.edd.submit: a choice not offered',
          (id) => ({ fields: answers(id, { [eddResponseField('politically_exposed')]: 'Maybe' }), files: goodFiles }),
          400,
          'validation_failed',
        ],
        [
          'API.edd.submit: a document answer without its file',
          (id) => ({ fields: answers(id), files: [goodFiles[0]!], docTypes: ['ID'] }),
          400,
          'validation_failed',
        ],
        [
          'API.edd.submit: a document of the wrong type',
          (id) => ({ fields: answers(id), files: goodFiles, docTypes: ['PoR', 'PoR'] }),
          400,
          'validation_failed',
        ],
        [
          'API.edd.submit: an unknown prompt',
          (id) => ({ fields: [...answers(id), ['Prompts[nope].Response', 'x']], files: goodFiles }),
          400,
          'validation_failed',
        ],
      ];
      const refusedAndNothingStored = async (...[, make, status, code]: (typeof refusals)[number]) => {
        const { client, user } = await registerIndividual(t);
        const before = storedFiles();
        const { fields, files, docTypes } = make(user.id);
        const res = await submit(client, fields, files, docTypes);
        expect(res.statusCode, res.body).toBe(status);
        expect(problem(res).code).toBe(code);
        expect(storedFiles()).toEqual(before);
        expect(await requestCount(user.id)).toBe(0);
      };
      // The rows of one rule run under a name that cites it (the catalogue reads names, not rows).
      const rowsOf = (id: string) => refusals.filter(([name]) => name.startsWith(`${id}: `));
      const named = (id: string) => rowsOf(id).map(([name, ...rest]): (typeof refusals)[number] => [name.slice(id.length + 2), ...rest]);
      const cited = [...rowsOf('API.edd.upload-limits'), ...rowsOf('API.edd.user-id-is-caller')];
      it.each(refusals.filter((row) => !cited.includes(row)))('%s is refused and nothing is stored', refusedAndNothingStored);
      it.each(named('API.edd.upload-limits'))('API.edd.upload-limits: %s is refused and nothing is stored', refusedAndNothingStored);
      it.each(named('API.edd.user-id-is-caller'))(
        'API.edd.user-id-is-caller: %s is refused and nothing is stored',
        refusedAndNothingStored,
      );

      it('B5.edd.required-message: the refusal names the unanswered prompt with the spec sentence', async () => {
        const { client, user } = await registerIndividual(t);
        const res = await submit(client, answers(user.id, { [eddResponseField('occupation')]: undefined }), goodFiles);
        expect(problem(res).errors?.[eddResponseField('occupation')]).toEqual(['Please enter Occupation and employer.']);
      });

      it('API.edd.submit: a JSON body is refused', async () => {
        const { client, user } = await registerIndividual(t);
        const res = await client.post('/v1/enterprise/eddq/responses', { UserId: user.id });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(await requestCount(user.id)).toBe(0);
      });
    });
  });

  describe('EDD submit: malformed multipart', () => {
    it('API.edd.refused-stores-nothing: a body that is not valid multipart is a 400, not a failure of the server', async () => {
      const { client, user } = await registerIndividual(t);
      for (const payload of ['{}', '--x\r\nContent-Disposition: form-data; name="UserId"\r\n\r\n', '--x--']) {
        const res = await client.post('/v1/enterprise/eddq/responses', payload, {
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        });
        expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      }
      expect(await requestCount(user.id)).toBe(0);
    });
  });
});
