import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { EddPrompt } from '../../../shared/api/edd';
import { eddUploadLimits } from '../../../shared/api/edd';
import { Field } from '../../forms/Field';
import { useSession } from '../../hooks/useSession';
import { fetchEddPrompts, fetchEddRequests, submitEddResponses } from './edd-api';
import { docTypeOf, eddFormData, eddFormSchema, emptyValues, freeFormKey, responseKey, type EddFormValues } from './edd-form-schema';
import '../../forms/forms.css';
import './edd.css';
import { BusyButton } from '../../forms/BusyButton';

type Request = { required_form: string; status: string; date_added: string };

/** Spec B §2 "Enhanced Due Diligence screen", §4 and §5 "EDD". */
export default function EnhancedDueDiligencePage() {
  const { user } = useSession();
  const [prompts, setPrompts] = useState<EddPrompt[] | null>(null);
  const [requests, setRequests] = useState<Request[] | null>(null);

  useEffect(() => {
    if (!user) return;
    const abort = new AbortController();
    fetchEddPrompts(user.account_type, abort.signal).then(
      (r) => setPrompts(r.data),
      (e: unknown) => console.error('EDD prompts could not be loaded', e),
    );
    fetchEddRequests(user.id, abort.signal).then(
      (r) => setRequests(r.data),
      (e: unknown) => console.error('EDD requests could not be loaded', e),
    );
    return () => abort.abort();
  }, [user]);

  return (
    <section className="page" aria-labelledby="edd-title">
      <header className="page-header">
        <h1 id="edd-title" className="page-title">
          Enhanced Due Diligence
        </h1>
        <p>Please answer the below questions to continue trading on our platform.</p>
      </header>
      {prompts && user ? <EddForm prompts={prompts} userId={user.id} /> : <p role="status">Loading questions…</p>}
      <EddRequestsCard requests={requests} />
    </section>
  );
}

function EddForm({ prompts, userId }: { prompts: EddPrompt[]; userId: string }) {
  const navigate = useNavigate();
  const schema = useMemo(() => eddFormSchema(prompts), [prompts]);
  const form = useForm<EddFormValues>({
    resolver: zodResolver(schema) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyValues(prompts),
  });
  const { register, handleSubmit, formState, getValues, setValue } = form;
  const errorOf = (key: string) => {
    const e = formState.errors[key];
    return typeof e?.message === 'string' ? e.message : undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submitEddResponses(eddFormData(userId, prompts, values));
      navigate('/');
    } catch (error) {
      // Spec B §4: a failed submit is only logged.
      console.error('EDD submit failed', error);
    }
  });

  function submit(event: React.FormEvent) {
    // Spec B §4: submitting marks every field touched.
    // File inputs are left out: setting a file input's value would clear the chosen file.
    for (const p of prompts) {
      if (p.response_type !== 'File-Upload') setValue(responseKey(p.id), getValues(responseKey(p.id)), { shouldTouch: true });
      if (p.optional_free_form) setValue(freeFormKey(p.id), getValues(freeFormKey(p.id)), { shouldTouch: true });
    }
    void onSubmit(event);
  }

  return (
    <form className="card form edd-form" noValidate onSubmit={submit} aria-label="Enhanced due diligence questions">
      <div className="edd-grid">
        {prompts.map((p) => (
          <div key={p.id} className="edd-prompt">
            <Field
              label={p.prompt}
              error={errorOf(responseKey(p.id))}
              {...(p.response_type === 'File-Upload'
                ? {
                    hint: `${docTypeOf(p) === 'ID' ? 'ID document' : 'Proof of residence'}: PDF, PNG or JPEG, at most ${eddUploadLimits.maxFileBytes / 1024 / 1024} MB.`,
                  }
                : {})}
            >
              {(control) =>
                p.response_type === 'Single-Select' ? (
                  <select className="form-input" {...control} {...register(responseKey(p.id))}>
                    <option value="">Select…</option>
                    {(p.response_options ?? []).map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                ) : p.response_type === 'File-Upload' ? (
                  <input
                    type="file"
                    className="form-input"
                    accept="application/pdf,image/png,image/jpeg"
                    data-doc-type={docTypeOf(p)}
                    {...control}
                    {...register(responseKey(p.id))}
                  />
                ) : (
                  <input type="text" className="form-input" {...control} {...register(responseKey(p.id))} />
                )
              }
            </Field>
            {p.optional_free_form ? (
              <Field label={p.optional_free_form} error={errorOf(freeFormKey(p.id))}>
                {(control) => <textarea className="form-input form-textarea" rows={2} {...control} {...register(freeFormKey(p.id))} />}
              </Field>
            ) : null}
          </div>
        ))}
      </div>
      <div className="form-actions">
        <BusyButton type="submit" className="btn btn-primary" busy={formState.isSubmitting}>
          Submit Responses
        </BusyButton>
      </div>
    </form>
  );
}

function EddRequestsCard({ requests }: { requests: Request[] | null }) {
  return (
    <section className="card edd-requests" aria-labelledby="edd-requests-title">
      <h2 id="edd-requests-title" className="card-title">
        EDD Requests
      </h2>
      <table className="table edd-table">
        <thead>
          <tr>
            <th scope="col">Required Form</th>
            <th scope="col">Status</th>
            <th scope="col">Date Submitted</th>
          </tr>
        </thead>
        <tbody>
          {(requests ?? []).map((r) => (
            <tr key={`${r.date_added}-${r.required_form}`}>
              <td>{r.required_form}</td>
              <td>{r.status}</td>
              <td>{new Date(r.date_added).toLocaleString()}</td>
            </tr>
          ))}
          {requests && requests.length === 0 ? (
            <tr>
              <td colSpan={3}>No requests yet.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
