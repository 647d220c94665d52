import { useState } from 'react';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AccountLoginForm } from './account-login-form';
import { useLoginKit } from './login-kit';
import { SmsLoginForm } from './sms-login-form';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: '560px', background: '#eef2f7' },
  brand: {
    flex: '1 1 56%',
    position: 'relative',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    padding: '0 8%',
    color: '#fff',
    background: 'linear-gradient(135deg, #0b3a7e 0%, #1f6fd6 55%, #2bb3c0 100%)',
  },
  glow: {
    position: 'absolute',
    width: '620px',
    height: '620px',
    right: '-180px',
    bottom: '-220px',
    borderRadius: '50%',
    background: 'radial-gradient(circle, rgba(255,255,255,0.18) 0%, rgba(255,255,255,0) 70%)',
  },
  logo: { display: 'flex', alignItems: 'center', gap: '14px', marginBottom: '28px' },
  mark: {
    width: '52px',
    height: '52px',
    borderRadius: '14px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '26px',
    fontWeight: 700,
    color: '#1f6fd6',
    background: '#fff',
    boxShadow: '0 8px 24px rgba(0,0,0,0.18)',
  },
  name: { fontSize: '34px', fontWeight: 700, letterSpacing: '6px' },
  headline: { fontSize: '26px', fontWeight: 600, lineHeight: '38px', marginBottom: '12px' },
  sub: { fontSize: '15px', lineHeight: '26px', opacity: 0.85, maxWidth: '460px' },
  features: { display: 'flex', gap: '28px', marginTop: '40px', fontSize: '14px', opacity: 0.9 },
  feature: { display: 'flex', flexDirection: 'column', gap: '4px' },
  featureValue: { fontSize: '22px', fontWeight: 600 },
  side: { flex: '1 1 44%', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '24px' },
  card: {
    width: '380px',
    padding: '36px 36px 30px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: '0 12px 40px rgba(15, 40, 80, 0.14)',
    display: 'flex',
    flexDirection: 'column',
    gap: '18px',
  },
  title: { fontSize: '22px', fontWeight: 600 },
  tabs: { display: 'flex', gap: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  tab: {
    borderRadius: 0,
    minWidth: 'auto',
    padding: '6px 4px',
    marginBottom: '-1px',
    fontSize: '15px',
    color: tokens.colorNeutralForeground3,
    borderBottom: '2px solid transparent',
  },
  tabActive: { color: 'var(--tl-primary)', fontWeight: 600, borderBottom: '2px solid var(--tl-primary)' },
  footer: { textAlign: 'center', color: tokens.colorNeutralForeground4, fontSize: '12px' },
});

/** The newer login page: brand panel on the left, a card with account and SMS login. */
export function NewLoginPage() {
  const s = useStyles();
  const { branding } = useLoginKit();
  const [tab, setTab] = useState<'account' | 'sms'>('account');
  return (
    <div className={s.root}>
      <section className={s.brand}>
        <div className={s.glow} />
        <div className={s.logo}>
          <div className={s.mark}>天</div>
          <div className={s.name}>天路</div>
        </div>
        <div className={s.headline}>{branding?.title || '天路车联网平台'}</div>
        <div className={s.sub}>{branding?.description || '车辆与资产实时定位、轨迹回放、告警处理、指令下发与数据报表，一站式车队管理。'}</div>
        <div className={s.features}>
          <div className={s.feature}>
            <span className={s.featureValue}>实时</span>
            <span>位置监控</span>
          </div>
          <div className={s.feature}>
            <span className={s.featureValue}>7×24</span>
            <span>告警推送</span>
          </div>
          <div className={s.feature}>
            <span className={s.featureValue}>9</span>
            <span>业务子系统</span>
          </div>
        </div>
      </section>
      <section className={s.side}>
        <div className={s.card}>
          <Text className={s.title}>欢迎登录</Text>
          {/* Two buttons instead of TabList: the tab list's keyboard machinery would break the login bundle budget. */}
          <div className={s.tabs} role="tablist">
            {(['account', 'sms'] as const).map((t) => (
              <Button
                key={t}
                role="tab"
                aria-selected={tab === t}
                appearance="transparent"
                className={mergeClasses(s.tab, tab === t && s.tabActive)}
                onClick={() => setTab(t)}
              >
                {t === 'account' ? '账号登录' : '短信登录'}
              </Button>
            ))}
          </div>
          {tab === 'account' ? <AccountLoginForm /> : <SmsLoginForm />}
          <div className={s.footer}>© 天路 · 车辆与资产监控平台</div>
        </div>
      </section>
    </div>
  );
}
