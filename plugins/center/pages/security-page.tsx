import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { SessionService, useService } from '@tianlu/sdk';
import { InfoList } from '../components/info-list';
import { PageFrame } from '../components/page-frame';

/** 安全中心: the account as the server knows it; password, phone binding and privacy come in a later milestone. */
const SecurityPage = observer(function SecurityPage() {
  const user = useService<SessionService>(SessionService).user;
  const phone = user?.phone ? user.phone.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2') : '未绑定';
  return (
    <PageFrame title="安全中心">
      <Text size={400} weight="semibold">
        账号信息
      </Text>
      <InfoList
        rows={[
          ['账号', user?.account ?? '-'],
          ['姓名', user?.name ?? '-'],
          ['所属客户', user?.tenantName ?? '-'],
          ['绑定手机', phone],
        ]}
      />
      <MessageBar intent="info">
        <MessageBarBody>修改密码、手机绑定与隐私设置将在后续版本开放。</MessageBarBody>
      </MessageBar>
    </PageFrame>
  );
});
export default SecurityPage;
