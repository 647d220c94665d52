import { useEffect, type ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { PageSection, SessionService, useService } from '@tianlu/sdk';
import { InfoList } from '../components/info-list';
import { LoginHistorySection } from './security/login-history-section';
import { PasswordSection } from './security/password-section';
import { PhoneSection } from './security/phone-section';
import { PrivacySection, WechatSection } from './security/privacy-section';
import { maskPhone } from './security/security-paths';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '8px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
});

function Section(props: { title: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <section className={s.section} aria-label={props.title}>
      <Text as="h3" size={400} weight="semibold">
        {props.title}
      </Text>
      {props.children}
    </section>
  );
}

/** 安全中心: the account, its password, phone, privacy, WeChat binding and login history. */
const SecurityPage = observer(function SecurityPage() {
  const session = useService(SessionService);
  const user = session.user;
  useEffect(() => {
    // phone, privacy and WeChat state as the server has them now (not while the page goes away after a password change)
    if (session.isLoggedIn) session.fetchUser().catch(() => undefined);
  }, [session]);
  return (
    <PageSection title="安全中心">
      <Section title="账号信息">
        <InfoList
          rows={[
            ['账号', user?.account ?? '-'],
            ['姓名', user?.name ?? '-'],
            ['所属客户', user?.tenantName ?? '-'],
            ['绑定手机', user?.phone ? maskPhone(user.phone) : '未绑定'],
          ]}
        />
      </Section>
      <Section title="修改密码">
        <PasswordSection />
      </Section>
      <Section title="手机绑定">
        <PhoneSection />
      </Section>
      <Section title="隐私设置">
        <PrivacySection />
      </Section>
      <Section title="微信绑定">
        <WechatSection />
      </Section>
      <Section title="登录记录">
        <LoginHistorySection />
      </Section>
    </PageSection>
  );
});
export default SecurityPage;
