import { AppError } from '../common/errors';

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MAX_EMAIL_LENGTH = 254;

/** How an address is stored and compared: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised address, or a refusal when it is not one. */
export function checkEmail(email: string): string {
  const address = normalizeEmail(email);
  if (!EMAIL_PATTERN.test(address) || address.length > MAX_EMAIL_LENGTH) throw new AppError('BAD_USER_INPUT', 'That is not an email address.');
  return address;
}
