import { Button, Card, makeStyles, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { DialogService } from '../../sdk/services/dialog-service';
import { LiveService } from '../../sdk/services/live-service';
import { ToastService } from '../../sdk/services/toast-service';

const useStyles = makeStyles({
  card: { width: '280px' },
  row: { display: 'flex', alignItems: 'center', gap: '6px' },
  grow: { flex: 1 },
});

/**
 * Shown after an export was queued: a way to the download centre. When the server says the file
 * is ready (live `exportReady`), the tip says it can be downloaded now (a toast says it when the
 * tip is closed).
 */
export const DownloadTip = observer(function DownloadTip() {
  const s = useStyles();
  const dialogs = useService(DialogService);
  const live = useService(LiveService);
  const toast = useService(ToastService);
  const navigate = useNavigate();
  const [ready, setReady] = useState<string>();
  useEffect(() => {
    const sub = live.on('exportReady', ({ fileName }) => {
      setReady(fileName);
      // with the tip open its text says so; a toast would replace the page's own (one at a time)
      if (!dialogs.downloadTipVisible) toast.show(`${fileName || '导出文件'} 已生成，可在下载中心下载`, 'success');
    });
    return () => sub.dispose();
  }, [live, toast, dialogs]);
  useEffect(() => {
    if (!dialogs.downloadTipVisible) setReady(undefined);
  }, [dialogs.downloadTipVisible]);
  if (!dialogs.downloadTipVisible) return null;
  return (
    <Card className={s.card} size="small" role="status">
      <div className={s.row}>
        <ArrowDownloadRegular />
        <Text className={s.grow}>导出任务已提交，生成后可在下载中心下载</Text>
        <Button size="small" appearance="transparent" icon={<DismissRegular />} aria-label="关闭提示" onClick={() => dialogs.showDownList(false)} />
      </div>
      {ready !== undefined && <Text role="status">{`${ready || '导出文件'} 已生成，可以下载了`}</Text>}
      <Button
        size="small"
        appearance="primary"
        onClick={() => {
          dialogs.showDownList(false);
          navigate('/center/download');
        }}
      >
        前往下载中心
      </Button>
    </Card>
  );
});
