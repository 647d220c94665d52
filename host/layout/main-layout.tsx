import { useEffect, type ReactNode } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { preloadTextarea } from '../../sdk/components/text-input';
import type { PluginRoute } from '../../sdk/plugin';
import { useService } from '../../sdk/react/use-service';
import { BrandingService } from '../../sdk/services/branding-service';
import { PermissionService } from '../../sdk/services/permission-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { ownerOfPath } from '../app/shell-store';
import { AlarmDeskPanel } from '../desk/alarm-desk-panel';
import { AppHeader } from './app-header';
import { HistoryTabs } from './history-tabs';
import { MAIN_CONTAINER_ID } from './main-layout-ids';
import { SideNav } from './side-nav';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', overflow: 'hidden' },
  aside: { display: 'flex', flexDirection: 'column', width: '208px', flexShrink: 0, background: 'var(--tl-nav-bg)' },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    height: '52px',
    padding: '0 16px',
    color: '#fff',
    fontSize: '16px',
    fontWeight: 600,
    cursor: 'pointer',
    border: 'none',
    background: 'rgba(0,0,0,0.12)',
    textAlign: 'left',
  },
  mark: {
    display: 'grid',
    placeItems: 'center',
    width: '30px',
    height: '30px',
    borderRadius: '8px',
    background: 'var(--tl-primary)',
    fontSize: '16px',
  },
  brandText: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  column: { display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 },
  body: { display: 'flex', flex: 1, minHeight: 0 },
  main: { position: 'relative', flex: 1, minWidth: 0, overflow: 'auto', padding: '16px' },
});

/** Nav, header, history tabs and the page. */
const MainLayout = observer(function MainLayout(props: { route: PluginRoute; children: ReactNode }) {
  const s = useStyles();
  const registry = useService(PluginRegistry);
  const perms = useService(PermissionService);
  const branding = useService(BrandingService);
  const location = useLocation();
  const navigate = useNavigate();
  const owner = ownerOfPath(registry.manifest, location.pathname);

  // Pages that ignore auth (home, centre) still draw the permitted menu.
  useEffect(() => {
    if (!perms.loaded) perms.load().catch(() => undefined);
  }, [perms]);
  // the forms' textareas (处理意见, 备注 …) are Fluent's from the first dialog on
  useEffect(() => void preloadTextarea().catch(() => undefined), []);

  return (
    <div className={s.root}>
      <aside className={s.aside}>
        <button type="button" className={s.brand} onClick={() => navigate('/home')} title="首页">
          <span className={s.mark}>天</span>
          <span className={s.brandText}>{branding.info?.title || '天路'}</span>
        </button>
        <SideNav systemId={owner.systemId} pathname={location.pathname} />
      </aside>
      <div className={s.column}>
        <AppHeader systemId={owner.systemId} systemTitle={owner.title} />
        <HistoryTabs systemName={owner.title} currentPath={location.pathname + location.search} />
        <div className={s.body}>
          <main id={MAIN_CONTAINER_ID} className={s.main} data-route={props.route.path}>
            {props.children}
          </main>
          <AlarmDeskPanel systemId={owner.systemId} />
        </div>
      </div>
    </div>
  );
});
export default MainLayout;
