// The due-diligence and operator entries of the one error catalogue (merged into
// src/server/errors/catalogue.ts); this file must not import from ../errors.

export const eddErrors = {
  edd_required: {
    status: 403,
    detail:
      'Enhanced due diligence is required before you can place orders. Please answer the questionnaire on the Enhanced Due Diligence page; trading resumes once it is submitted.',
  },
  edd_file_type: { status: 415, detail: 'Documents must be PDF, PNG or JPEG files; the file sent is not one of them.' },
  edd_file_too_large: { status: 413, detail: 'Each document may be at most 10 MB.' },
  edd_too_many_files: { status: 413, detail: 'At most 5 documents may be sent with one questionnaire.' },
  edd_user_mismatch: { status: 403, detail: 'Answers can only be submitted for your own account.' },
  edd_request_not_found: { status: 404, detail: 'No such due diligence request.' },
  edd_already_reviewed: { status: 409, detail: 'This due diligence request has already been reviewed.' },
  withdrawal_review_not_found: { status: 404, detail: 'No such withdrawal waiting for review.' },
  withdrawal_already_reviewed: { status: 409, detail: 'This withdrawal has already been reviewed.' },
  wire_reference_used: { status: 409, detail: 'A wire deposit with this reference has already been credited.' },
  user_not_found: { status: 404, detail: 'No such user.' },
} as const;
