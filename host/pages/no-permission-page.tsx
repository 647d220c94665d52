import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { NoticePage } from '../components/notice-page';

/** Shown in place of a page whose menu id the user does not hold. */
export default function NoPermissionPage() {
  const navigate = useNavigate();
  return (
    <NoticePage
      mark="403"
      title="无权限"
      text="您没有访问该页面的权限，请联系管理员分配。"
      actions={
        <Button appearance="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
