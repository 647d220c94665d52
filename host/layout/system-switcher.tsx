import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { PluginRegistry } from '../../sdk/services/plugin-registry';
import { NamedIcon } from '../../sdk/components/named-icon';

/**
 * Lists the sub-applications the role grants; choosing one navigates to its base path, where the
 * guards load its plugin and go on to its first permitted page.
 */
export const SystemSwitcher = observer(function SystemSwitcher(props: { currentSystemId: string; currentTitle: string }) {
  const registry = useService(PluginRegistry);
  const navigate = useNavigate();
  const systems = registry.systems.filter((s) => s.systemId !== 'center');
  return (
    <Menu
      checkedValues={{ system: [props.currentSystemId] }}
      onCheckedValueChange={(_, d) => {
        const target = systems.find((s) => s.systemId === d.checkedItems[0]);
        if (target) navigate(target.path);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          aria-label={props.currentSystemId === 'center' ? '切换子系统' : `切换子系统，当前：${props.currentTitle}`}
          icon={<NamedIcon name={systems.find((s) => s.systemId === props.currentSystemId)?.icon ?? 'Home'} />} iconPosition="before">
          {props.currentSystemId === 'center' ? '切换子系统' : props.currentTitle}
          <ChevronDownRegular style={{ marginLeft: 6 }} />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label="切换子系统">
          {systems.map((s) => (
            <MenuItemRadio key={s.systemId} name="system" value={s.systemId} icon={<NamedIcon name={s.icon} />}>
              {s.title}
            </MenuItemRadio>
          ))}
          {!systems.length && <MenuItemRadio name="system" value="" disabled>暂无可用子系统</MenuItemRadio>}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
