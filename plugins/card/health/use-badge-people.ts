import { useEffect, useState } from 'react';
import { expectOk, HttpService, useService } from '@tianlu/sdk';
import { errorText } from '../attendance/attendance-api';
import { CardApi, type HealthPerson } from './health-api';

/**
 * The people wearing a badge, for a page's 人员 picker (undefined while loading), and the one chosen:
 * the first of them until the user picks another. `loadError` says why the list could not be read.
 */
export function useBadgePeople() {
  const http = useService(HttpService);
  const [people, setPeople] = useState<HealthPerson[]>();
  const [personId, setPersonId] = useState('');
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    http.call(CardApi.healthPeople).then(
      (res) => {
        const list = expectOk(res);
        setPeople(list);
        setPersonId((id) => id || String(list[0]?.id ?? ''));
      },
      (e: unknown) => setLoadError(errorText(e)),
    );
  }, [http]);
  return { people, personId, setPersonId, loadError };
}
