import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, MessageBar, MessageBarBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { expectOk, formatChinaTime, HttpService, Pagination, PaginationBar, SessionService, useService } from '@tianlu/sdk';
import { messageOf, SecurityApi, type LoginRecord } from './security-paths';

const RESULTS: Record<LoginRecord['result'], { text: string; color: 'success' | 'danger' | 'warning' }> = {
  success: { text: '成功', color: 'success' },
  failure: { text: '失败', color: 'danger' },
  locked: { text: '已锁定', color: 'warning' },
};
const METHODS: Record<LoginRecord['method'], string> = { password: '密码', sms: '短信验证码' };

/** 登录记录: the user's own login attempts, newest first, paged. */
export function LoginHistorySection() {
  const http = useService(HttpService);
  const session = useService(SessionService);
  const pagination = useMemo(() => new Pagination(), []);
  const [rows, setRows] = useState<LoginRecord[]>();
  const [failure, setFailure] = useState<string>();

  const load = useCallback(async () => {
    if (!session.isLoggedIn) return;
    try {
      const page = expectOk(await http.call(SecurityApi.loginHistory, pagination.query));
      pagination.setTotal(page.total);
      setRows(page.list);
      setFailure(undefined);
    } catch (e) {
      setFailure(messageOf(e));
    }
  }, [http, pagination, session]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <Table aria-label="登录记录" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>时间</TableHeaderCell>
            <TableHeaderCell>IP</TableHeaderCell>
            <TableHeaderCell>结果</TableHeaderCell>
            <TableHeaderCell>方式</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>暂无登录记录</TableCell>
            </TableRow>
          )}
          {rows?.map((r, i) => (
            <TableRow key={`${r.time}-${i}`}>
              <TableCell>{formatChinaTime(r.time)}</TableCell>
              <TableCell>{r.ip ?? '-'}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={RESULTS[r.result]?.color ?? 'warning'}>
                  {RESULTS[r.result]?.text ?? r.result}
                </Badge>
              </TableCell>
              <TableCell>{METHODS[r.method] ?? r.method}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PaginationBar pagination={pagination} onChange={() => void load()} />
    </>
  );
}
