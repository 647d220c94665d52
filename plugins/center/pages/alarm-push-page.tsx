import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { PageFrame } from '../components/page-frame';

/** 推送设置: how alarms reach the operator; the settings arrive with the alarm milestone. */
export default function AlarmPushPage() {
  return (
    <PageFrame title="推送设置">
      <MessageBar intent="info">
        <MessageBarBody>告警推送方式（站内弹窗、声音提醒、短信）将在告警功能上线后在此配置。</MessageBarBody>
      </MessageBar>
    </PageFrame>
  );
}
