import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { GridRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { ShellStoreToken } from '../app/host-tokens';
import { AlarmDeskButton } from '../desk/alarm-desk-button';
import { AlarmVoiceToggle } from './alarm-voice-toggle';
import { SystemSwitcher } from './system-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    height: '52px',
    padding: '0 12px 0 8px',
    background: 'var(--tl-header-bg)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: '0 1px 4px rgba(0,21,41,0.06)',
    flexShrink: 0,
  },
  spacer: { flex: 1 },
});

/** Header: sub-application switcher on the left; system centre, theme, alarm desk, alarm voice and user on the right. */
export function AppHeader(props: { systemId: string; systemTitle: string }) {
  const s = useStyles();
  const navigate = useNavigate();
  const shell = useService(ShellStoreToken);
  return (
    <header className={s.header}>
      <SystemSwitcher currentSystemId={props.systemId} currentTitle={props.systemTitle} />
      <div className={s.spacer} />
      <Button appearance="subtle" icon={<GridRegular />} onClick={() => navigate('/center')}>
        系统中心
      </Button>
      <ThemeSwitcher />
      <AlarmDeskButton systemId={props.systemId} />
      <AlarmVoiceToggle shell={shell} />
      <UserMenu />
    </header>
  );
}
