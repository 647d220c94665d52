import { clearedSessionCookie, isSecureRequest } from '../../console-index';
import { AuthApi } from '../../../sdk/contracts/kernel';
import { publicRoute } from '../route-definition';

// Public: logging out with an already expired session must still succeed.
const logout = publicRoute.of(AuthApi.logout, {
  aliases: ['/oauthToken/logout'],
  handler: async ({ request, reply, deps }) => {
    const header = request.headers.sessionid;
    await deps.sessions.end(Array.isArray(header) ? header[0] : header);
    reply.header('set-cookie', clearedSessionCookie(isSecureRequest(request)));
    return null;
  },
});

/** Answers POST as well as the contract's GET. */
export const logoutRoute = { ...logout, method: ['GET', 'POST'] } satisfies typeof logout;
