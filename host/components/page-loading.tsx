import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: '200px', alignItems: 'center', justifyContent: 'center', gap: '10px', color: '#6b7280', fontSize: '13px' },
  ring: {
    width: '18px',
    height: '18px',
    borderRadius: '50%',
    border: '2px solid rgba(0,0,0,0.12)',
    borderTopColor: 'var(--tl-primary)',
    animationName: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.8s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
  },
});

/** Placeholder while a page chunk or a guard is on its way (CSS only: it is on the login path). */
export function PageLoading() {
  const s = useStyles();
  return (
    <div className={s.root} role="status" aria-live="polite">
      <span className={s.ring} />
      加载中…
    </div>
  );
}
