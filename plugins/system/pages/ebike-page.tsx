import { AssetAdminPage } from '../asset-admin/asset-admin-page';
import { kindPage } from '../asset-admin/kind-pages';

const page = kindPage('ebike');

/** 电动车管理: the e-bikes of the caller's customers with brand, model, frame and motor numbers, colour and battery. */
export default function EbikePage() {
  return <AssetAdminPage page={page} />;
}
