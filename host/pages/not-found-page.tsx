import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { NoticePage } from '../components/notice-page';

/** /404 */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <NoticePage
      mark="404"
      title="页面不存在"
      text="您访问的页面不存在或已被移除，请检查地址是否正确。"
      actions={
        <Button appearance="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
