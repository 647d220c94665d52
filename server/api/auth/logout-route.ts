import { clearedSessionCookie, isSecureRequest } from '../../console-index';
import { publicRoute } from '../route-definition';

// Public: logging out with an already expired session must still succeed.
export const logoutRoute = publicRoute({
  method: ['GET', 'POST'],
  url: '/oauth/logout',
  aliases: ['/oauthToken/logout'],
  summary: '退出登录：结束当前会话',
  handler: async ({ request, reply, deps }) => {
    const header = request.headers.sessionid;
    await deps.sessions.end(Array.isArray(header) ? header[0] : header);
    reply.header('set-cookie', clearedSessionCookie(isSecureRequest(request)));
    return null;
  },
});
