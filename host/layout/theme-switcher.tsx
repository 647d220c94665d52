import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { ColorRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { ThemeService, type ThemeId } from '../../sdk/services/theme-service';

/** 默认 橙色 蓝色 绿色 */
export const ThemeSwitcher = observer(function ThemeSwitcher() {
  const theme = useService(ThemeService);
  return (
    <Menu checkedValues={{ theme: [theme.current.id] }} onCheckedValueChange={(_, d) => theme.set(d.checkedItems[0] as ThemeId)}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content="切换主题" relationship="label">
          <Button appearance="subtle" icon={<ColorRegular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label="主题">
          {theme.themes.map((t) => (
            <MenuItemRadio
              key={t.id}
              name="theme"
              value={t.id}
              icon={<span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 4, background: t.colors.primary }} />}
            >
              {t.name}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
