import { useEffect, useState } from 'react';
import { ElecLeaseApi, HttpService, PlatformOverview, useService } from '@tianlu/sdk';
import { FirstUseHint } from '../lease/first-use-hint';

/** /elec-lease/overview: asset counts and the entries of 电动车租赁, and what to do first while it is empty. */
export default function OverviewPage() {
  const http = useService(HttpService);
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    let live = true;
    http.call(ElecLeaseApi.renters, { current: 1, pageSize: 1 }).then(
      (res) => live && setEmpty(res.flag === 1 && res.obj.total === 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);
  return (
    <>
      {empty && <FirstUseHint step="overview" />}
      <PlatformOverview platformId={23} title="电动车租赁" basePath="/elec-lease/" />
    </>
  );
}
