import { useEffect, useState } from 'react';
import { Button, Divider, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { expectOk, formatChinaTime, HttpService, NavigationService, PageSection, useService } from '@tianlu/sdk';
import { NoticeApi, noticeIdOf, type NoticeDetail } from '../components/notice-types';

const useStyles = makeStyles({
  title: { fontSize: '20px', fontWeight: 600 },
  meta: { color: tokens.colorNeutralForeground3, fontSize: '12px', display: 'flex', gap: '16px' },
  content: { whiteSpace: 'pre-wrap', lineHeight: '26px', fontSize: '14px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** 公告详情 (/center/detail?id=): the notice, marked read when opened. */
export default function NoticeDetailPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const id = noticeIdOf(window.location.search);
  const [notice, setNotice] = useState<NoticeDetail>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (id === undefined) {
      setError('缺少公告编号');
      return;
    }
    (async () => {
      const detail = expectOk(await http.call(NoticeApi.detail, { id }));
      setNotice(detail);
      if (!detail.read) await http.call(NoticeApi.markRead, { ids: [id] });
    })().catch((e: unknown) => setError(e instanceof Error ? e.message : '网络异常'));
  }, [http, id]);

  return (
    <PageSection title="公告详情" tools={<Button onClick={() => nav.navigate('/center/notice')}>返回列表</Button>}>
      {error && <Text className={s.error}>{error}</Text>}
      {!notice && !error && <Spinner size="small" />}
      {notice && (
        <article>
          <div className={s.title}>{notice.title}</div>
          <div className={s.meta}>
            <span>分类：{notice.category}</span>
            <span>发布时间：{formatChinaTime(notice.publishTime, 'minute')}</span>
          </div>
          <Divider style={{ margin: '12px 0' }} />
          <div className={s.content}>{notice.content}</div>
        </article>
      )}
    </PageSection>
  );
}
