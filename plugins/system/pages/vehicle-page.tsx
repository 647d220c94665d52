import { AssetAdminPage, type AssetPageKind } from '../asset-admin/asset-admin-page';
import { VehicleDialog } from '../asset-admin/vehicle-dialog';

const vehicles: AssetPageKind = {
  kind: 'vehicle',
  columns: [
    { key: 'color', title: '车牌颜色', width: 72, render: (v) => v.plateColorName },
    { key: 'type', title: '车辆类型', width: 110, render: (v) => v.vehicleType || '—' },
    { key: 'vin', title: '车架号', width: 160, render: (v) => v.vin || '—' },
    { key: 'driver', title: '司机', width: 70, render: (v) => v.driver || '—' },
    { key: 'speedLimit', title: '限速', width: 80, render: (v) => (v.speedLimit === null ? '默认' : `${v.speedLimit} km/h`) },
  ],
  importColumns: [
    { key: 'plateNo', title: '车牌号' }, { key: 'plateColor', title: '车牌颜色' }, { key: 'vehicleType', title: '车辆类型' }, { key: 'vin', title: '车架号' },
    { key: 'driver', title: '司机' }, { key: 'assetKind', title: '资产类型' }, { key: 'group', title: '车组' }, { key: 'expiryDate', title: '到期日期' },
    { key: 'speedLimit', title: '限速(km/h)' },
  ],
  placeholder: '车牌号、VIN 或司机',
  Dialog: VehicleDialog,
};

/** 车辆管理: the vehicles of the caller's customers (people, pets and e-bikes have their own pages). */
export default function VehiclePage() {
  return <AssetAdminPage page={vehicles} />;
}
