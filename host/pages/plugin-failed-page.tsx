import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { NoticePage } from '../components/notice-page';

/** Shown in place of a sub-application whose plugin failed to load; the rest of the console keeps working. */
export default function PluginFailedPage(props: { title: string; error?: string }) {
  const navigate = useNavigate();
  const detail = props.error ? `（${props.error}）` : '';
  return (
    <NoticePage
      mark="!"
      title="插件加载失败"
      text={`子应用「${props.title}」未能加载${detail}，其他功能不受影响，请联系管理员检查该插件。`}
      actions={
        <Button appearance="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
