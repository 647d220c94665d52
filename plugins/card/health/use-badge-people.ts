import { useEffect, useRef, useState } from 'react';
import { expectOk, HttpService, useService } from '@tianlu/sdk';
import { errorText } from '../attendance/attendance-api';
import { CardApi, type HealthPerson } from './health-api';

/**
 * The people wearing a badge, for a page's 人员 picker (undefined while loading), and the one chosen:
 * the first of them until the user picks another. `loadError` says why the list could not be read.
 * `askAhead` is told the person chosen from the list as the list arrives, so the page can ask for
 * that person's data at once (with {@link HttpService.prefetch}) rather than once it has drawn the list.
 */
export function useBadgePeople(askAhead?: (personId: string) => void) {
  const http = useService(HttpService);
  const [people, setPeople] = useState<HealthPerson[]>();
  const [personId, setPersonId] = useState('');
  const [loadError, setLoadError] = useState<string>();
  const chosen = useRef({ personId, askAhead });
  chosen.current = { personId, askAhead };
  useEffect(() => {
    http.call(CardApi.healthPeople).then(
      (res) => {
        const list = expectOk(res);
        setPeople(list);
        const { personId: current, askAhead: ask } = chosen.current;
        const first = current || String(list[0]?.id ?? '');
        if (first && first !== current) ask?.(first);
        setPersonId(first);
      },
      (e: unknown) => setLoadError(errorText(e)),
    );
  }, [http]);
  return { people, personId, setPersonId, loadError };
}
