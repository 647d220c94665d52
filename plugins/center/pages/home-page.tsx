import { useEffect, useState } from 'react';
import { Badge, Card, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { chinaHour, expectOk, formatChinaTime, HttpService, NamedIcon, NavigationService, PluginRegistry, SessionService, useService } from '@tianlu/sdk';
import { LATEST_NOTICES, NoticeApi, type NoticeItem } from '../components/notice-types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '20px' },
  hero: {
    padding: '24px 28px',
    borderRadius: tokens.borderRadiusXLarge,
    color: '#fff',
    background: 'linear-gradient(120deg, var(--tl-primary) 0%, var(--tl-nav-bg) 100%)',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
  heroTitle: { fontSize: '22px', fontWeight: 600 },
  heroSub: { opacity: 0.85 },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)', gap: '20px', alignItems: 'start' },
  sectionTitle: { marginBottom: '12px', display: 'block' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '14px' },
  card: { cursor: 'pointer', padding: '18px', alignItems: 'flex-start', gap: '10px', ':hover': { boxShadow: tokens.shadow16 } },
  iconBox: {
    display: 'grid',
    placeItems: 'center',
    width: '44px',
    height: '44px',
    borderRadius: '12px',
    color: 'var(--tl-primary)',
    background: tokens.colorNeutralBackground3,
  },
  notices: { padding: '16px 18px', gap: '10px' },
  notice: { display: 'flex', gap: '8px', alignItems: 'center', justifyContent: 'space-between' },
  // a long title wraps in the narrow column (alarm desk open) rather than being cut
  noticeTitle: { flex: 1, minWidth: 0, textAlign: 'left', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
});

/** The greeting of the hour in China. */
function greeting(now = Date.now()): string {
  const h = chinaHour(now);
  return h < 6 ? '凌晨好' : h < 12 ? '上午好' : h < 14 ? '中午好' : h < 18 ? '下午好' : '晚上好';
}

/** 首页: greeting, the sub-applications the user may enter, latest notices. */
const HomePage = observer(function HomePage() {
  const s = useStyles();
  const session = useService(SessionService);
  const registry = useService(PluginRegistry);
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const [notices, setNotices] = useState<NoticeItem[]>();
  const [noticeError, setNoticeError] = useState<string>();
  const user = session.user;
  const systems = registry.systems.filter((x) => !x.center && x.systemId !== 'center');

  useEffect(() => {
    http
      .call(NoticeApi.page, LATEST_NOTICES)
      .then((res) => setNotices(expectOk(res).list))
      .catch((e: unknown) => setNoticeError(e instanceof Error ? e.message : '网络异常'));
  }, [http]);

  return (
    <div className={s.root}>
      <div className={s.hero}>
        <span className={s.heroTitle}>
          {greeting()}，{user?.name || user?.account}
        </span>
        <span className={s.heroSub}>{user?.tenantName} · 欢迎使用天路车辆与资产监控平台</span>
      </div>
      <div className={s.columns}>
        <section>
          <Text size={400} weight="semibold" className={s.sectionTitle}>
            我的应用
          </Text>
          <div className={s.grid}>
            {systems.map((sys) => (
              <Card
                key={sys.systemId}
                className={s.card}
                role="button"
                tabIndex={0}
                aria-label={sys.title}
                onClick={() => nav.navigate(sys.path)}
                onKeyDown={(e) => e.key === 'Enter' && nav.navigate(sys.path)}
              >
                <div className={s.iconBox}>
                  <NamedIcon name={sys.icon} fontSize={24} />
                </div>
                <Text weight="semibold">{sys.title}</Text>
              </Card>
            ))}
            {!systems.length && <Text className={s.muted}>当前角色暂未开通子系统</Text>}
          </div>
        </section>
        <Card className={s.notices}>
          <div className={s.notice}>
            <Text size={400} weight="semibold">
              最新公告
            </Text>
            <Link onClick={() => nav.navigate('/center/notice')}>更多</Link>
          </div>
          {!notices && !noticeError && <Spinner size="tiny" />}
          {noticeError && <Text className={s.muted}>{noticeError}</Text>}
          {notices?.map((n) => (
            <div key={n.id} className={s.notice}>
              {!n.read && <Badge size="tiny" color="danger" aria-label="未读" />}
              <Link className={s.noticeTitle} onClick={() => nav.navigate(`/center/detail?id=${n.id}`)}>
                {n.title}
              </Link>
              <span className={s.muted}>{formatChinaTime(n.publishTime, 'date')}</span>
            </div>
          ))}
          {notices && !notices.length && <Text className={s.muted}>暂无公告</Text>}
        </Card>
      </div>
    </div>
  );
});
export default HomePage;
