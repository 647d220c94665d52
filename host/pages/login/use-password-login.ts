import { useCallback, useEffect, useRef, useState } from 'react';
import { NETWORK_ERROR_MESSAGE } from '../../../sdk/services/http-service';
import { LoginError, type LoginPageInfo } from '../../../sdk/services/session-service';
import { useLoginKit } from './login-kit';

/** Account/password login shared by the new and the legacy page: page key, image code, errors. */
export function usePasswordLogin() {
  const kit = useLoginKit();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [page, setPage] = useState<LoginPageInfo>();
  const [codeImage, setCodeImage] = useState<string>();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const refreshCode = useCallback(
    async (pageId: string) => {
      try {
        setCodeImage(await kit.imageCode(pageId));
      } catch {
        setCodeImage(undefined);
      }
    },
    [kit],
  );

  /** A fresh key for this page; the server also says whether the account needs an image code. */
  const preparePage = useCallback(
    async (forAccount?: string, needCode = false) => {
      const fresh = await kit.loginPage(forAccount || undefined);
      const info = needCode && !fresh.needCode ? { ...fresh, needCode: true } : fresh;
      setPage(info);
      setCode('');
      if (info.needCode) await refreshCode(info.pageId);
      return info;
    },
    [kit, refreshCode],
  );

  // the form's first key (the one the page carries, or asked without an account): asked once, and
  // awaited by a 登录 pressed before it arrived
  const firstPage = useRef<Promise<LoginPageInfo>>(undefined);
  const prepareFirstPage = useCallback(() => (firstPage.current ??= preparePage()), [preparePage]);

  useEffect(() => {
    prepareFirstPage().catch((e: unknown) => setError(messageOf(e)));
  }, [prepareFirstPage]);

  const submit = async () => {
    setError(undefined);
    if (!account.trim()) return setError('请输入账号');
    if (!password) return setError('请输入密码');
    if (page?.needCode && !code.trim()) return setError('请输入验证码');
    setSubmitting(true);
    try {
      const info = page ?? (await prepareFirstPage().catch(() => preparePage(account)));
      await kit.loginWithPassword({ account: account.trim(), password, code: code.trim() || undefined }, info);
      await kit.enter();
    } catch (e) {
      setError(messageOf(e));
      // Every attempt uses a fresh key; after repeated failures the server asks for an image code.
      await preparePage(account.trim(), e instanceof LoginError && e.needCode).catch(() => undefined);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    account,
    setAccount,
    password,
    setPassword,
    code,
    setCode,
    needCode: !!page?.needCode,
    codeImage,
    refreshCode: () => page && refreshCode(page.pageId),
    error,
    submitting,
    submit,
  };
}

export function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE;
}
