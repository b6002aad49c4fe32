/** The decider's refusal as the API's error: the same code and words. */
import { AppError } from '../common/errors';
import type { Refusal } from './platform/decision';

export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.code, refusal.message, refusal.details);
}
