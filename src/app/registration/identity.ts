import { idTypeLabels, idTypesFor, type IdType } from '../../shared/enums';

/** Spec A §4: an ID country of US starts on ssn, any other country is passport only. */
export function defaultIdType(countryCode: string): IdType {
  return idTypesFor(countryCode)[0] ?? 'passport';
}

export function idTypeOptions(countryCode: string) {
  return idTypesFor(countryCode).map((t) => ({ value: t, label: idTypeLabels[t] }));
}

/** Spec A §2: the ID number is labelled "SSN" or "Passport number". */
export function idNumberLabel(idType: string): string {
  return idType === 'ssn' ? idTypeLabels.ssn : `${idTypeLabels.passport} number`;
}

/** Spec A §5: the SSN input mask. */
export const SSN_MASK = '000-00-0000';
