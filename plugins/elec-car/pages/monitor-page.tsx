import { Button } from '@fluentui/react-components';
import { BatteryChargeRegular } from '@fluentui/react-icons';
import { AssetMonitor, NavigationService, useService } from '@tianlu/sdk';
import { GuardSettingsCard } from '../components/guard-settings-card';

/**
 * /elec-car/monitor 电动车监控 — 电动车卫士: the tenant's e-bikes (guards), live; the selected one's
 * 防盗设置 over the map, their battery curves a click away in the map's toolbar.
 */
export default function MonitorPage() {
  const navigation = useService(NavigationService);
  return (
    <AssetMonitor
      assetKind="ebike"
      detail={(terminalNo) => <GuardSettingsCard terminalNo={terminalNo} />}
      toolbar={
        <Button size="small" appearance="transparent" icon={<BatteryChargeRegular />} onClick={() => navigation.navigate('/elec-car/battery')}>
          电池曲线
        </Button>
      }
    />
  );
}
