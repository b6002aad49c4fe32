/** Whether a new account exists only once its address is verified (EMAIL_VERIFICATION, a setting): a boolean. */
export const EMAIL_VERIFICATION = Symbol('EMAIL_VERIFICATION');
