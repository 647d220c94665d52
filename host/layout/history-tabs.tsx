import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { HistoryService } from '../../sdk/services/history-service';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    gap: '6px',
    alignItems: 'center',
    height: '38px',
    padding: '0 12px',
    background: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowX: 'auto',
    flexShrink: 0,
  },
  tab: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    height: '26px',
    padding: '0 6px 0 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    background: tokens.colorNeutralBackground2,
    fontSize: '12px',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground2,
  },
  active: { background: 'var(--tl-primary)', border: '1px solid var(--tl-primary)', color: '#fff' },
  title: { border: 'none', background: 'transparent', color: 'inherit', fontSize: 'inherit', fontFamily: 'inherit', cursor: 'pointer', padding: 0 },
  close: {
    display: 'grid',
    placeItems: 'center',
    width: '16px',
    height: '16px',
    padding: 0,
    border: 'none',
    borderRadius: '50%',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
    ':hover': { background: 'rgba(0,0,0,0.15)' },
  },
});

/** Visited pages of the current sub-application: click to go back, × to close. */
export const HistoryTabs = observer(function HistoryTabs(props: { systemName: string; currentPath: string }) {
  const s = useStyles();
  const history = useService(HistoryService);
  const navigate = useNavigate();
  const entries = history.list(props.systemName);

  const close = (index: number) => {
    const closing = entries[index];
    history.remove(props.systemName, index);
    if (closing?.path !== props.currentPath) return;
    const rest = history.list(props.systemName);
    navigate(rest[Math.min(index, rest.length - 1)]?.path ?? '/home');
  };

  return (
    <div className={s.bar} role="tablist" aria-label="历史标签">
      {entries.map((e, i) => {
        const active = e.path === props.currentPath;
        return (
          <div key={e.path} className={mergeClasses(s.tab, active && s.active)} role="tab" aria-selected={active} data-path={e.path}>
            <button type="button" className={s.title} onClick={() => navigate(e.path)}>
              {e.title}
            </button>
            <button type="button" className={s.close} aria-label={`关闭 ${e.title}`} onClick={() => close(i)}>
              <DismissRegular fontSize={12} />
            </button>
          </div>
        );
      })}
    </div>
  );
});
