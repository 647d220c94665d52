import { AssetAdminPage } from '../asset-admin/asset-admin-page';
import { kindPage } from '../asset-admin/kind-pages';

const page = kindPage('pet');

/** 宠物管理: the pets of the caller's customers with species, breed, sex, birthday, photo and owner phone. */
export default function PetPage() {
  return <AssetAdminPage page={page} />;
}
