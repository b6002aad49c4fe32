/**
 * Mails about an account, each sent because someone asked for it (a
 * sign-up, a reset, an address change) or invited the address: none has an
 * unsubscribe link, and each says what to do if the reader did not ask.
 */
import { html } from './html';
import type { MailTemplate } from './mail-template';

const NOT_YOU = 'If you did not ask for this, you can ignore this mail: nothing changes.';

export const verifyEmailMail: MailTemplate<{ link: string; forAccountChange: boolean }> = (c) =>
  c.forAccountChange
    ? {
        subject: 'Confirm your new email address for Play by Web',
        text: `To use this address for your Play by Web account from now on, open this link within 24 hours:\n${c.link}\n\n${NOT_YOU}`,
        html: html`<p>To use this address for your Play by Web account from now on, <a href="${c.link}">confirm it</a> within 24 hours.</p>
          <p>${NOT_YOU}</p>`,
      }
    : {
        subject: 'Confirm your email address to start playing',
        text: `Welcome to Play by Web! To finish signing up, open this link within 24 hours:\n${c.link}\n\n${NOT_YOU}`,
        html: html`<p>Welcome to Play by Web! To finish signing up, <a href="${c.link}">confirm your address</a> within 24 hours.</p>
          <p>${NOT_YOU}</p>`,
      };

export const passwordResetMail: MailTemplate<{ link: string }> = (c) => ({
  subject: 'Set a new password for Play by Web',
  text: `Someone (we hope you) asked to set a new password for your Play by Web account. Open this link within an hour to choose one:\n${c.link}\n\nOnce you do, you are logged out on every other device.\n\n${NOT_YOU}`,
  html: html`<p>
      Someone (we hope you) asked to set a new password for your Play by Web account. <a href="${c.link}">Choose a new password</a> within an hour.
    </p>
    <p>Once you do, you are logged out on every other device.</p>
    <p>${NOT_YOU}</p>`,
});

export const passwordResetWithoutAccountMail: MailTemplate<{ signUpUrl: string; resetUrl: string }> = (c) => ({
  subject: 'No Play by Web account uses this address',
  text: `Someone (we hope you) asked to set a new password for a Play by Web account with this email address, but no account uses it. Nothing was changed.\n\nIf it was you: perhaps you signed up with another address; ask again with that one at ${c.resetUrl}. Or sign up with this one: ${c.signUpUrl}\n\n${NOT_YOU}`,
  html: html`<p>
      Someone (we hope you) asked to set a new password for a Play by Web account with this email address, but no account uses it. Nothing was changed.
    </p>
    <p>
      If it was you: perhaps you signed up with another address; <a href="${c.resetUrl}">ask again with that one</a>. Or
      <a href="${c.signUpUrl}">sign up with this one</a>.
    </p>
    <p>${NOT_YOU}</p>`,
});

export const signUpAttemptMail: MailTemplate<{ loginUrl: string; resetUrl: string }> = (c) => ({
  subject: 'Someone tried to sign up with your address',
  text: `Someone tried to sign up for Play by Web, or to move an account, with this email address, which already has your account. Nothing was changed.\n\nIf it was you: log in at ${c.loginUrl}, or set a new password at ${c.resetUrl} if you have forgotten it.\n\nIf it was not you, there is nothing to do.`,
  html: html`<p>
      Someone tried to sign up for Play by Web, or to move an account, with this email address, which already has your account. Nothing was changed.
    </p>
    <p>If it was you: <a href="${c.loginUrl}">log in</a>, or <a href="${c.resetUrl}">set a new password</a> if you have forgotten it.</p>
    <p>If it was not you, there is nothing to do.</p>`,
});

export const emailChangeRequestedMail: MailTemplate<{ newEmail: string; accountUrl: string }> = (c) => ({
  subject: 'Your Play by Web address is about to change',
  text: `Someone logged in to your Play by Web account asked to use ${c.newEmail} instead of this address. It changes once the link we mailed there is opened.\n\nIf that was not you, change your password now: that logs out everyone else. ${c.accountUrl}`,
  html: html`<p>
      Someone logged in to your Play by Web account asked to use <strong>${c.newEmail}</strong> instead of this address. It changes once the link we mailed
      there is opened.
    </p>
    <p>If that was not you, <a href="${c.accountUrl}">change your password now</a>: that logs out everyone else.</p>`,
});

export const invitationToSignUpMail: MailTemplate<{ hostName: string; rulesetName: string; gameTitle: string; signUpUrl: string }> = (c) => ({
  subject: `${c.hostName} invites you to play ${c.rulesetName}`,
  text: `${c.hostName} invites you to a game of ${c.rulesetName} on Play by Web: ${c.gameTitle}.\n\nSign up with this address to take your seat: ${c.signUpUrl}\n\nIf you do not want to play, ignore this mail: we will not write again unless someone invites you.`,
  html: html`<p>${c.hostName} invites you to a game of ${c.rulesetName} on Play by Web: <strong>${c.gameTitle}</strong>.</p>
    <p><a href="${c.signUpUrl}">Sign up with this address</a> to take your seat.</p>
    <p>If you do not want to play, ignore this mail: we will not write again unless someone invites you.</p>`,
});

/** An admin's invitation to a group (src/groups/): the link joins it, once, after signing in or up with any account. */
export const groupInvitationMail: MailTemplate<{ inviterName: string; groupName: string; joinUrl: string }> = (c) => ({
  subject: `${c.inviterName} invites you to the group ${c.groupName}`,
  text: `${c.inviterName} invites you to join ${c.groupName}, a group whose members play games together on Play by Web.\n\nJoin the group: ${c.joinUrl}\n\nIf you do not want to join, ignore this mail.`,
  html: html`<p>${c.inviterName} invites you to join <strong>${c.groupName}</strong>, a group whose members play games together on Play by Web.</p>
    <p><a href="${c.joinUrl}">Join the group</a></p>
    <p>If you do not want to join, ignore this mail.</p>`,
});
