import { makeStyles, tokens } from '@fluentui/react-components';
import { AccountLoginForm } from './account-login-form';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center', background: '#e9edf3' },
  card: {
    width: '360px',
    padding: '32px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    display: 'flex',
    flexDirection: 'column',
    gap: '20px',
  },
  title: { margin: 0, textAlign: 'center', fontSize: '20px', fontWeight: 600, color: '#1f3b63' },
});

/** The older login page used on the legacy production hosts: a plain centred form. */
export function LegacyLoginPage() {
  const s = useStyles();
  return (
    <div className={s.root} data-login="legacy">
      <div className={s.card}>
        <h1 className={s.title}>天路 · 用户登录</h1>
        <AccountLoginForm />
      </div>
    </div>
  );
}
