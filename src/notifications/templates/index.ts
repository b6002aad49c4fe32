export { agreementRequestMail } from './agreement-request';
export {
  emailChangeRequestedMail,
  groupInvitationMail,
  invitationToSignUpMail,
  passwordResetMail,
  passwordResetWithoutAccountMail,
  signUpAttemptMail,
  verifyEmailMail,
} from './account';
export { deadlinePassedMail } from './deadline-passed';
export { deadlineReminderMail } from './deadline-reminder';
export { digestMail } from './digest';
export { gameFinishedMail } from './game-finished';
export { gameStartedMail } from './game-started';
export { tableExpiredMail } from './table-expired';
export { seatOfferDeclinedMail } from './seat-offer-declined';
export { invitationMail, seatOfferMail } from './invitation';
export { layout } from './layout';
export type { RenderedMail } from './layout';
export type { GameMailContext, MailBody } from './mail-template';
export { newMessagesMail } from './new-messages';
export { rollbackMail } from './rollback';
export { rulesCheckFailedMail } from './rules-check-failed';
export { webhookSwitchedOffMail } from './webhook-switched-off';
export { yourTurnMail } from './your-turn';
