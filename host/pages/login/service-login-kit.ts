import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthApi } from '../../../sdk/contracts/kernel';
import { useService } from '../../../sdk/react/use-service';
import { BrandingService } from '../../../sdk/services/branding-service';
import { expectOk, HttpService } from '../../../sdk/services/http-service';
import { SessionService } from '../../../sdk/services/session-service';
import type { LoginKit } from './login-kit';
import { HOME_PATH } from './login-paths';

/** The login forms' kit inside the console: its session and http services and its router (read inside an observer for the branding). */
export function useServiceLoginKit(): LoginKit {
  const session = useService(SessionService);
  const http = useService(HttpService);
  const branding = useService(BrandingService);
  const navigate = useNavigate();
  const info = branding.info;
  return useMemo(
    (): LoginKit => ({
      branding: info,
      loginPage: (account) => session.loginPage(account),
      imageCode: async (pageId) => expectOk(await http.call(AuthApi.imageCode, { pageId })).image,
      loginWithPassword: async (input, page) => void (await session.loginWithPassword(input, page)),
      sendLoginSms: (phone) => session.sendLoginSms(phone),
      loginWithSms: async (input) => void (await session.loginWithSms(input)),
      enter: () => navigate(HOME_PATH, { replace: true }),
    }),
    [info, session, http, navigate],
  );
}
