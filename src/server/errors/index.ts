export { AppError, appError, validationError, type AppErrorOptions, type FieldErrors } from './app-error';
export { errorCatalogue, type ErrorCode } from './catalogue';
export { installErrorHandling, sendFrameworkError, sendProblem, toAppError, PROBLEM_CONTENT_TYPE } from './handler';
export { fieldErrorsFromZod } from './zod-errors';
