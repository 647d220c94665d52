import type { ApiArea } from '../route-registry';
import { downloadTokenRoute, exportDownloadRoute, listExportRecordRoute } from './download-routes';

export const downloadArea: ApiArea = { name: 'download', routes: [downloadTokenRoute, listExportRecordRoute, exportDownloadRoute] };
