import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { PageFrame } from '../components/page-frame';

/** 告警设置: which alarm types are watched; the settings arrive with the alarm milestone. */
export default function AlarmSettingPage() {
  return (
    <PageFrame title="告警设置">
      <MessageBar intent="info">
        <MessageBarBody>告警类型的开关与阈值将在告警功能上线后在此配置。</MessageBarBody>
      </MessageBar>
    </PageFrame>
  );
}
