/**
 * How the live channel (`/ws`) closes a socket whose session ended: the code, and the reason that
 * says the session's own request ended it (a password change), whose page tells the user itself.
 * Shared by the server and the console.
 */
export const LIVE_SESSION_CLOSE_CODE = 4401;
export const LIVE_OWN_REQUEST_REASON = 'own-request';
