/** What the page says about choosing a password (the server's rule: 10 to 200 characters, not easy to guess). */
export const PASSWORD_HINT = 'At least 10 characters. A few unusual words make a strong password that is easy to remember.';
