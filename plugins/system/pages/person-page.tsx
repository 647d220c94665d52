import { AssetAdminPage } from '../asset-admin/asset-admin-page';
import { kindPage } from '../asset-admin/kind-pages';

const page = kindPage('person');

/** 人员管理: the people of the caller's customers with their employee number, department, phone and photo. */
export default function PersonPage() {
  return <AssetAdminPage page={page} />;
}
