import { useEffect } from 'react';
import { Link } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useService } from '../../sdk/react/use-service';
import { StorageService } from '../../sdk/services/storage-service';
import { NoticePage } from '../components/notice-page';

/** /checkLogin: clears the whole stored main_ state and nothing else (spec §2). */
export default function CheckLoginPage() {
  const storage = useService(StorageService);
  const navigate = useNavigate();
  useEffect(() => storage.clearAll(), [storage]);
  return (
    <NoticePage
      mark="✓"
      title="登录状态已清除"
      text="本地保存的登录信息已清除，请重新登录。"
      actions={
        <Link href="/login" onClick={(e) => (e.preventDefault(), navigate('/login'))}>
          前往登录
        </Link>
      }
    />
  );
}
