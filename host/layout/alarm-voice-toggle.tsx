import { Button, Tooltip } from '@fluentui/react-components';
import { Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import type { ShellStore } from '../app/shell-store';

/** Alarm voice on/off (alarmVoiceOn, default on). */
export const AlarmVoiceToggle = observer(function AlarmVoiceToggle(props: { shell: ShellStore }) {
  const on = props.shell.alarmVoiceOn;
  const label = on ? '告警声音：开' : '告警声音：关';
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        aria-pressed={on}
        icon={on ? <Speaker2Regular /> : <SpeakerMuteRegular />}
        onClick={() => props.shell.setAlarmVoice(!on)}
      />
    </Tooltip>
  );
});
