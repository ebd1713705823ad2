import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { registrationStore, type RegistrationModel } from '../../registration/registration-store';
import { submitRegistration } from '../../registration/submit-registration';
import { returnForPassword, submitFailure, type SubmitFailure } from './submit-failure';

export interface RegistrationStep<I extends FieldValues, O> {
  form: UseFormReturn<I, unknown, O>;
  failure: SubmitFailure | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}

export interface RegistrationStepOptions<I extends FieldValues, O> {
  resolver: Resolver<I, unknown, O>;
  /** The form's starting values, from the answers saved so far. */
  defaultValues: (saved: RegistrationModel) => DefaultValues<NoInfer<I>>;
  /** The step's answers as they are saved into the registration. */
  toModel: (values: NoInfer<O>) => Partial<RegistrationModel>;
  /** Where a created account goes next. */
  next: string;
}

/**
 * The detail step that submits the registration (individual details, or the business step):
 * the form starts from the saved answers (validated on submit, then as the user types);
 * submitting saves the step's answers, sends the whole registration and moves on. A password
 * the server refuses goes back to step 1; other refusals stay here with their messages.
 */
export function useRegistrationStep<I extends FieldValues, O>(options: RegistrationStepOptions<I, O>): RegistrationStep<I, O> {
  const navigate = useNavigate();
  const [defaultValues] = useState(() => options.defaultValues(registrationStore.get()));
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const form = useForm<I, unknown, O>({ resolver: options.resolver, mode: 'onSubmit', reValidateMode: 'onChange', defaultValues });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      const model = registrationStore.update(options.toModel(values));
      try {
        await submitRegistration(model);
        navigate(options.next, { replace: true });
      } catch (error) {
        if (!returnForPassword(error, navigate)) setFailure(submitFailure(error, form));
      }
    },
    () => setFailure(null),
  );

  return { form, failure, onSubmit };
}
