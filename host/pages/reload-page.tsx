import { Button } from '@fluentui/react-components';
import { NoticePage } from '../components/notice-page';

/** /reload: the site configuration (branding or permissions) could not be loaded. */
export default function ReloadPage() {
  return (
    <NoticePage
      mark="!"
      title="站点配置加载失败"
      text="暂时无法获取本站点的配置信息，可能是网络异常或站点尚未开通。请稍后重新加载。"
      actions={
        <Button appearance="primary" onClick={() => window.location.assign('/')}>
          重新加载
        </Button>
      }
    />
  );
}
