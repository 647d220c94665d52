import { Badge, Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { formatChinaTime, PagedTable, SessionService, usePagedQuery, useService, type DataTableColumn } from '@tianlu/sdk';
import type { LoginRecord } from './security-paths';
import { LOGIN_HISTORY_LIST } from './security-query';

const RESULTS: Record<LoginRecord['result'], { text: string; color: 'success' | 'danger' | 'warning' }> = {
  success: { text: '成功', color: 'success' },
  failure: { text: '失败', color: 'danger' },
  locked: { text: '已锁定', color: 'warning' },
};
const METHODS: Record<LoginRecord['method'], string> = { password: '密码', sms: '短信验证码' };

const columns: DataTableColumn<LoginRecord>[] = [
  { key: 'time', title: '时间', render: (r) => formatChinaTime(r.time) },
  { key: 'ip', title: 'IP', render: (r) => r.ip ?? '-' },
  {
    key: 'result',
    title: '结果',
    render: (r) => (
      <Badge appearance="tint" color={RESULTS[r.result]?.color ?? 'warning'}>
        {RESULTS[r.result]?.text ?? r.result}
      </Badge>
    ),
  },
  { key: 'method', title: '方式', render: (r) => METHODS[r.method] ?? r.method },
];

const ROW_HEIGHT = 32;
/** The table is as tall as its rows, between two and ten of them (more scroll inside it): the section sits on a long page. */
const heightFor = (rows: number) => ROW_HEIGHT * Math.min(Math.max(rows, 2), 10);

/** 登录记录: the user's own login attempts, newest first, paged. */
export const LoginHistorySection = observer(function LoginHistorySection() {
  const session = useService(SessionService);
  // a password change ends the session and the page goes away: nothing is asked for with the ended session (会话过期)
  return session.isLoggedIn ? <LoginHistory /> : null;
});

function LoginHistory() {
  const list = usePagedQuery(LOGIN_HISTORY_LIST);
  // an attempt has no id of its own and two may share a second: a row is known by its place on the page
  const rowKey = (r: LoginRecord) => String(list.rows.indexOf(r));
  return (
    <>
      {list.error && (
        <MessageBar intent="error">
          <MessageBarBody>{list.error}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" appearance="transparent" onClick={() => void list.load()}>
              重试
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <PagedTable label="登录记录" list={list} columns={columns} rowKey={rowKey} height={heightFor(list.rows.length)} rowHeight={ROW_HEIGHT} empty="暂无登录记录" />
    </>
  );
}
