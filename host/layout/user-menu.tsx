import { Avatar, Button, Menu, MenuDivider, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useService } from '../../sdk/react/use-service';
import { SessionService } from '../../sdk/services/session-service';

/** The user's name and tenant, with 退出登录. */
export const UserMenu = observer(function UserMenu() {
  const session = useService(SessionService);
  const user = session.user;
  // The session service ends the session, clears the stored state and goes to /login.
  const logout = () => session.logout().catch((e: unknown) => console.error('[tianlu] logout failed', e));
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Avatar size={24} name={user?.name || user?.account} color="colorful" />}>
          {user?.name || user?.account || '用户'}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroupHeader>{user?.tenantName ?? ''}</MenuGroupHeader>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
            退出登录
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
