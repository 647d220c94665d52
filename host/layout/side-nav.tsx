import { useState } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import type { MenuContribution } from '../../sdk/plugin';
import { useService } from '../../sdk/react/use-service';
import { PermissionService } from '../../sdk/services/permission-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { NamedIcon } from '../../sdk/components/named-icon';
import { filterMenuTree } from '../../core';

const useStyles = makeStyles({
  nav: { display: 'flex', flexDirection: 'column', padding: '8px 0', overflowY: 'auto', flex: 1 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    height: '42px',
    padding: '0 18px',
    border: 'none',
    background: 'transparent',
    color: 'var(--tl-nav-text)',
    fontSize: '14px',
    textAlign: 'left',
    cursor: 'pointer',
    width: '100%',
    ':hover': { background: 'var(--tl-hover)', color: '#fff' },
  },
  child: { paddingLeft: '46px', fontSize: '13px' },
  active: { background: 'var(--tl-active-item)', color: '#fff', ':hover': { background: 'var(--tl-active-item)' } },
  label: { flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  empty: { color: 'var(--tl-nav-text)', opacity: 0.6, padding: '16px 18px', fontSize: '13px' },
});

/** The left menu of the current sub-application, filtered by the user's menu permissions. */
export const SideNav = observer(function SideNav(props: { systemId: string; pathname: string }) {
  const s = useStyles();
  const registry = useService(PluginRegistry);
  const perms = useService(PermissionService);
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState<Record<number, boolean>>({});
  const menus = perms.loaded ? filterMenuTree(registry.menus.get(props.systemId) ?? [], (id) => perms.hasMenu(id)) : [];

  const renderItem = (m: MenuContribution, depth: number) => {
    const isGroup = !!m.children?.length;
    const active = !!m.path && props.pathname === m.path;
    const open = !collapsed[m.id];
    return (
      <div key={m.id}>
        <button
          type="button"
          className={mergeClasses(s.item, depth > 0 && s.child, active && s.active)}
          aria-current={active ? 'page' : undefined}
          aria-expanded={isGroup ? open : undefined}
          onClick={() => (isGroup ? setCollapsed({ ...collapsed, [m.id]: open }) : m.path && navigate(m.path))}
        >
          {depth === 0 && <NamedIcon name={m.icon} fontSize={18} />}
          <span className={s.label}>{m.title}</span>
          {isGroup && (open ? <ChevronDownRegular /> : <ChevronRightRegular />)}
        </button>
        {isGroup && open && m.children!.map((c) => renderItem(c, depth + 1))}
      </div>
    );
  };

  return (
    <nav className={s.nav} aria-label="菜单">
      {menus.map((m) => renderItem(m, 0))}
      {perms.loaded && !menus.length && <div className={s.empty}>暂无可用菜单</div>}
    </nav>
  );
});
