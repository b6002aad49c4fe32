/** Every GraphQL document the page sends. */

const SUMMARY_FIELDS = `id ruleset status version phase activeSeats mySeat updatedAt host { id displayName } seats { index user { id displayName } }`;
const GAME_FIELDS = `${SUMMARY_FIELDS} options view legalMoves canUndo result deadlines { seat deadline passed } randomness { commitment clientSeeds fixedSeed serverSeed }`;
const ME_FIELDS = `id email displayName pendingEmail`;
const AUTH_FIELDS = `token user { ${ME_FIELDS} }`;

export const REGISTER = `mutation Register($email: String!, $password: String!, $displayName: String!) {
  register(email: $email, password: $password, displayName: $displayName) { checkYourMail ${AUTH_FIELDS} } }`;
export const LOGIN = `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { ${AUTH_FIELDS} } }`;
export const ME = `query Me { me { ${ME_FIELDS} } }`;
export const VERIFY_EMAIL = `mutation VerifyEmail($token: String!) { verifyEmail(token: $token) { ${AUTH_FIELDS} } }`;
export const RESEND_VERIFICATION = `mutation ResendVerification($email: String!) { resendVerification(email: $email) }`;
export const REQUEST_PASSWORD_RESET = `mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }`;
export const RESET_PASSWORD = `mutation ResetPassword($token: String!, $newPassword: String!) { resetPassword(token: $token, newPassword: $newPassword) { ${AUTH_FIELDS} } }`;
export const LOGOUT = `mutation Logout { logout }`;
export const LOGOUT_EVERYWHERE = `mutation LogoutEverywhere { logoutEverywhere }`;
export const SESSIONS = `query Sessions { sessions { id createdAt lastUsedAt userAgent current } }`;
export const CHANGE_PASSWORD = `mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) }`;
export const CHANGE_EMAIL = `mutation ChangeEmail($password: String!, $newEmail: String!) { changeEmail(password: $password, newEmail: $newEmail) { ${ME_FIELDS} } }`;
export const UPDATE_PROFILE = `mutation UpdateProfile($displayName: String!) { updateProfile(displayName: $displayName) { ${ME_FIELDS} } }`;
export const DELETE_ACCOUNT = `mutation DeleteAccount($password: String!) { deleteAccount(password: $password) }`;

export const RULESETS = `query Rulesets { rulesets { id name description minSeats maxSeats options } }`;
export const FIXED_SEEDS_ALLOWED = `query FixedSeedsAllowed { fixedSeedsAllowed }`;
export const MY_TURNS = `query MyTurns { myTurns { seat deadline game { ${SUMMARY_FIELDS} } } }`;
export const MY_GAMES = `query MyGames { games(mine: true, first: 100) { ${SUMMARY_FIELDS} } }`;
export const OPEN_GAMES = `query OpenGames { games(status: LOBBY, first: 50) { ${SUMMARY_FIELDS} } }`;

export const GAME = `query Game($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`;
export const GAME_UPDATED = `subscription GameUpdated($id: ID!) { gameUpdated(gameId: $id) { ${GAME_FIELDS} } }`;
export const VIEW_AS_OF = `query ViewAsOf($id: ID!, $asOf: Int!) { game(id: $id) { id view(asOf: $asOf) } }`;
export const HISTORY = `query History($id: ID!, $after: Int!) { game(id: $id) { id history(after: $after, first: 500) { seq type payload actorSeat actor { id displayName } at rolledBack text } } }`;

export const CREATE_GAME = `mutation CreateGame($input: CreateGameInput!) { createGame(input: $input) { ${GAME_FIELDS} } }`;
export const JOIN_GAME = `mutation JoinGame($id: ID!, $seat: Int, $clientSeed: String) { joinGame(gameId: $id, seat: $seat, clientSeed: $clientSeed) { ${GAME_FIELDS} } }`;
export const INVITE_PLAYER = `mutation InvitePlayer($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { ${GAME_FIELDS} } }`;
export const START_GAME = `mutation StartGame($id: ID!) { startGame(gameId: $id) { ${GAME_FIELDS} } }`;
export const SUBMIT_MOVE = `mutation SubmitMove($id: ID!, $move: JSON!, $version: Int!, $clientMoveId: String) {
  submitMove(gameId: $id, move: $move, expectedVersion: $version, clientMoveId: $clientMoveId) { ${GAME_FIELDS} } }`;
export const UNDO_MOVE = `mutation UndoMove($id: ID!) { undoMove(gameId: $id) { ${GAME_FIELDS} } }`;
export const RESOLVE_DEADLINE = `mutation ResolveDeadline($id: ID!, $seat: Int!, $action: DeadlineAction!) {
  resolveDeadline(gameId: $id, seat: $seat, action: $action) { ${GAME_FIELDS} } }`;
export const ROLLBACK_GAME = `mutation RollbackGame($id: ID!, $toVersion: Int!, $reason: String!) {
  rollbackGame(gameId: $id, toVersion: $toVersion, reason: $reason) { ${GAME_FIELDS} } }`;

const SETTINGS_FIELDS = `deliveries { kind delivery } vacations { startsAt endsAt } vacationDaysLeftThisYear undeliveredEmails { kind gameId createdAt error }`;
export const NOTIFICATION_SETTINGS = `query NotificationSettings { notificationSettings { ${SETTINGS_FIELDS} } }`;
export const UPDATE_NOTIFICATION_SETTINGS = `mutation UpdateNotificationSettings($deliveries: [KindDeliveryInput!]!) {
  updateNotificationSettings(deliveries: $deliveries) { ${SETTINGS_FIELDS} } }`;
export const SET_VACATION = `mutation SetVacation($startsAt: DateTime!, $endsAt: DateTime!) { setVacation(startsAt: $startsAt, endsAt: $endsAt) { ${SETTINGS_FIELDS} } }`;
export const END_VACATION = `mutation EndVacation { endVacation { ${SETTINGS_FIELDS} } }`;
